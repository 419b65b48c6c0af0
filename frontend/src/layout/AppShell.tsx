// The frame around every signed-in page: top bar (product, navigation, team, user) and the page.
import { Suspense } from "react";
import { NavLink, Outlet } from "react-router";

import { useSession } from "../auth/useSession";
import { LoadingState } from "../components/LoadingState";
import { NAV_ITEMS } from "./nav";
import { TeamSwitcher } from "./TeamSwitcher";
import { UserMenu } from "./UserMenu";

export function AppShell() {
  const { session } = useSession();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <NavLink to="/experiments" className="brand">
          haplab
        </NavLink>
        <nav aria-label="Main">
          <ul>
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {session && (
          <div className="topbar-right">
            <TeamSwitcher session={session} />
            <UserMenu session={session} />
          </div>
        )}
      </header>
      <main id="main" className="page">
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
