// Every view has a URL (shareable deep links). Pages are lazy-loaded: each is its own chunk, so
// the first load carries only the shell; chart libraries (recharts) load with the pages using them.
//
// To add a page: create src/pages/<area>/<Name>Page.tsx with a default export, and add a route
// below with `page(() => import(...))`. Signed-in pages go under the AppShell route.
import type { ComponentType } from "react";
import type { RouteObject } from "react-router";

import { queryClient } from "./api/queryClient";
import { RequireSession } from "./auth/RequireSession";
import { prefetchSession } from "./auth/useSession";
import { LoadingState } from "./components/LoadingState";
import { AppShell } from "./layout/AppShell";
import { compareLoader } from "./pages/compare/loader";
import { RouteErrorPage } from "./pages/RouteErrorPage";

type PageModule = { default: ComponentType };

/** A lazily loaded route whose module default-exports the page component. */
export function page(load: () => Promise<PageModule>): Pick<RouteObject, "lazy"> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

// Shown while the first page's chunk loads (React Router warns on every first load without it).
const firstLoad = <LoadingState />;

export const routes: RouteObject[] = [
  { path: "/login", hydrateFallbackElement: firstLoad, ...page(() => import("./pages/login/LoginPage")) },
  {
    path: "/",
    hydrateFallbackElement: firstLoad,
    loader: () => prefetchSession(queryClient),
    element: (
      <RequireSession>
        <AppShell />
      </RequireSession>
    ),
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, ...page(() => import("./pages/home/HomePage")) },
      // Design side (pages-1).
      { path: "experiments", ...page(() => import("./pages/experiments/ExperimentsPage")) },
      { path: "experiments/new", ...page(() => import("./pages/designer/DesignerPage")) },
      { path: "experiments/import", ...page(() => import("./pages/import/ImportPage")) },
      { path: "experiments/:experimentId", ...page(() => import("./pages/experiments/ExperimentPage")) },
      { path: "experiments/:experimentId/edit", ...page(() => import("./pages/designer/DesignerPage")) },
      { path: "templates", ...page(() => import("./pages/templates/TemplatesPage")) },
      { path: "labs", ...page(() => import("./pages/labs/LabsPage")) },
      { path: "labs/:labId", ...page(() => import("./pages/labs/LabPage")) },
      { path: "team", ...page(() => import("./pages/team/TeamPage")) },
      // Run side: live run, history, compare.
      { path: "runs/:runId", ...page(() => import("./pages/run/RunPage")) },
      { path: "history", ...page(() => import("./pages/history/HistoryPage")) },
      { path: "changes", ...page(() => import("./pages/changes/ChangesPage")) },
      // The loader is in the first bundle (a few hundred bytes): it starts the page's reads while
      // the page's code, with Recharts, still downloads (docs/benchmarks.md, the Compare page).
      { path: "compare", loader: compareLoader, ...page(() => import("./pages/compare/ComparePage")) },
      { path: "*", ...page(() => import("./pages/NotFoundPage")) },
    ],
  },
];
