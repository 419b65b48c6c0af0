// Place the API's field errors next to the right input. Fields are dotted paths into the
// request body ("spec.proxy.global.maxconn", "spec.proxy.backends.0.servers.1.port").
import { ApiError, type ApiFieldError } from "./apiError";

export function fieldsOf(error: unknown): ApiFieldError[] {
  return error instanceof ApiError ? error.fields : [];
}

/** Messages for exactly this path. */
export function messagesAt(fields: ApiFieldError[], path: string): string[] {
  return fields.filter((f) => f.field === path).map((f) => f.message);
}

/**
 * Messages for a list edited one item per line: the list's own, then each item's (`path.<index>`)
 * prefixed with its line number, so a refused raw line is named where it was typed.
 */
export function messagesForLines(fields: ApiFieldError[], path: string): string[] {
  const perLine = fields.flatMap((f) => {
    const index = f.field.startsWith(`${path}.`) ? f.field.slice(path.length + 1) : "";
    return /^\d+$/.test(index) ? [`line ${Number(index) + 1}: ${f.message}`] : [];
  });
  return [...messagesAt(fields, path), ...perLine];
}

/** Messages for this path or anything below it (a section of a form). */
export function messagesUnder(fields: ApiFieldError[], prefix: string): ApiFieldError[] {
  return fields.filter((f) => f.field === prefix || f.field.startsWith(`${prefix}.`));
}

/**
 * The errors no input on the page claims, so they can be listed at the top of the form instead of
 * being lost. `claimed` holds exact paths; a claimed path also claims nothing below it.
 */
export function unclaimed(fields: ApiFieldError[], claimed: Iterable<string>): ApiFieldError[] {
  const set = new Set(claimed);
  return fields.filter((f) => !set.has(f.field));
}

/** Re-root field paths: the validate endpoint answers "spec.x" for a form that edits the spec itself. */
export function stripPrefix(fields: ApiFieldError[], prefix: string): ApiFieldError[] {
  return fields.map((f) =>
    f.field.startsWith(`${prefix}.`) ? { ...f, field: f.field.slice(prefix.length + 1) } : f,
  );
}
