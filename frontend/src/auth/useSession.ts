// The signed-in session (GET /auth/session): user, current team, role, teams, CSRF token.
// `session` is null when signed out (401); other errors are real errors.
import { useQuery } from "@tanstack/react-query";

import { authGetSessionOptions } from "../client/@tanstack/react-query.gen";
import type { Role, SessionInfo } from "../client/types.gen";
import { isUnauthenticated } from "../api/apiError";

export function useSession() {
  const query = useQuery({ ...authGetSessionOptions(), staleTime: 60_000 });
  const signedOut = isUnauthenticated(query.error);
  return {
    session: signedOut ? null : (query.data ?? null),
    isLoading: query.isPending && !signedOut,
    signedOut,
    error: signedOut ? null : query.error,
  };
}

const RANK: Record<Role, number> = { viewer: 0, editor: 1, admin: 2 };

/** Whether the session's effective role in the current team is at least `needed`. */
export function hasRole(session: SessionInfo | null | undefined, needed: Role): boolean {
  const role = session?.role;
  return role != null && RANK[role] >= RANK[needed];
}
