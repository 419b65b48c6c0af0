// Protected-route wrapper: renders its children only with a live session, otherwise sends the
// user to /login?next=<where they were going> so a shared deep link survives the sign-in.
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";

import { ErrorState } from "../components/ErrorState";
import { LoadingState } from "../components/LoadingState";
import { useSession } from "./useSession";

export function loginPathFor(location: { pathname: string; search: string }): string {
  const next = location.pathname + location.search;
  return next && next !== "/" ? `/login?next=${encodeURIComponent(next)}` : "/login";
}

export function RequireSession({ children }: { children: ReactNode }) {
  const { session, isLoading, signedOut, error } = useSession();
  const location = useLocation();
  if (signedOut) return <Navigate to={loginPathFor(location)} replace />;
  if (isLoading) return <LoadingState label="Checking your session" />;
  if (error || !session) return <ErrorState error={error} />;
  return <>{children}</>;
}
