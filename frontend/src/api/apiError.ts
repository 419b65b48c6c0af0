// The API's one error shape ({"error", "message", "fields"}, backend/errors.py) as a JS Error,
// plus the HTTP status, so pages can branch on 401/403/404 and forms can place field messages.

export type ApiFieldError = { field: string; message: string };

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: ApiFieldError[];
  /** The parsed response body, for routes whose error carries more than the shared shape. */
  readonly body: unknown;

  constructor(status: number, code: string, message: string, fields: ApiFieldError[] = [], body?: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.body = body;
  }
}

function isFieldList(value: unknown): value is ApiFieldError[] {
  return (
    Array.isArray(value) &&
    value.every((f: unknown) => {
      const item = f as Partial<Record<string, unknown>> | null;
      return item !== null && typeof item === "object" && typeof item.field === "string" && typeof item.message === "string";
    })
  );
}

/** Build an ApiError from whatever the fetch client produced (parsed JSON, text or a thrown Error). */
export function toApiError(body: unknown, status = 0): ApiError {
  if (body instanceof ApiError) return body;
  if (body && typeof body === "object") {
    const b = body as Record<string, unknown>;
    if (typeof b.error === "string" && typeof b.message === "string") {
      return new ApiError(status, b.error, b.message, isFieldList(b.fields) ? b.fields : [], body);
    }
    // FastAPI's default shape, in case a route escapes our handlers: {"detail": ...}.
    if (typeof b.detail === "string") return new ApiError(status, "http_error", b.detail);
  }
  if (body instanceof Error) {
    // fetch itself failed: the API is down or the network is gone.
    return new ApiError(status, "network_error", `Cannot reach the API (${body.message})`);
  }
  if (typeof body === "string" && body.trim()) return new ApiError(status, "http_error", body.trim());
  return new ApiError(status, "http_error", status ? `HTTP ${status}` : "Unknown error");
}

export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
