// Configure the generated fetch client (src/client/, never edited) once, at start-up:
// - same-origin cookies (the session cookie is HttpOnly; the browser sends it);
// - X-CSRF-Token on unsafe methods, read from the cached session (GET /auth/session, login);
// - every error becomes an ApiError with the HTTP status (see apiError.ts).
import type { QueryClient } from "@tanstack/react-query";

import { client } from "../client/client.gen";
import { authGetSessionQueryKey } from "../client/@tanstack/react-query.gen";
import type { SessionInfo } from "../client/types.gen";
import { toApiError } from "./apiError";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function setupApiClient(queryClient: QueryClient): void {
  client.setConfig({ baseUrl: "", credentials: "same-origin" });

  client.interceptors.request.use((request) => {
    if (UNSAFE.has(request.method)) {
      const session = queryClient.getQueryData<SessionInfo>(authGetSessionQueryKey());
      if (session?.csrf_token) request.headers.set("X-CSRF-Token", session.csrf_token);
    }
    return request;
  });

  client.interceptors.error.use((error, response) => toApiError(error, response?.status ?? 0));
}
