// The signed-in session (GET /auth/session): user, current team, role, teams, CSRF token.
// `session` is null when signed out (401); other errors are real errors.
import { useQuery, type QueryClient } from "@tanstack/react-query";

import { authGetSessionOptions } from "../client/@tanstack/react-query.gen";
import type { Role, SessionInfo } from "../client/types.gen";
import { isUnauthenticated } from "../api/apiError";

const sessionQuery = () => ({ ...authGetSessionOptions(), staleTime: 60_000 });

export function useSession() {
  const query = useQuery(sessionQuery());
  const signedOut = isUnauthenticated(query.error);
  return {
    session: signedOut ? null : (query.data ?? null),
    isLoading: query.isPending && !signedOut,
    signedOut,
    error: signedOut ? null : query.error,
  };
}

/**
 * Start reading the session as soon as a signed-in route matches (the app shell's loader), in
 * parallel with the page's code and reads, not after the page's chunk has loaded and the shell
 * first renders; the shell shows nothing until it knows who is signed in.
 */
export function prefetchSession(queryClient: QueryClient): null {
  void queryClient.prefetchQuery(sessionQuery());
  return null;
}

const RANK: Record<Role, number> = { viewer: 0, editor: 1, admin: 2 };

/** Whether the session's effective role in the current team is at least `needed`. */
export function hasRole(session: SessionInfo | null | undefined, needed: Role): boolean {
  const role = session?.role;
  return role != null && RANK[role] >= RANK[needed];
}
