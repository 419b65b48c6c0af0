// Shown when a route throws while rendering or fails to load its chunk (e.g. after a deploy).
import { useRouteError } from "react-router";

import { ErrorState } from "../components/ErrorState";

export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <main className="page">
      <ErrorState error={error instanceof Error ? error : String(error)} title="This page failed to load" onRetry={() => window.location.reload()} />
    </main>
  );
}
