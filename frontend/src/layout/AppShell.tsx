// The frame around every signed-in page: top bar (product, navigation, team, theme, user) and the
// page. On a phone the navigation and the controls fold into a menu button (aria-expanded), so
// the bar never makes the page wider than the screen.
import { Suspense, useState, type MouseEvent } from "react";
import { NavLink, Outlet } from "react-router";

import { useSession } from "../auth/useSession";
import { LoadingState } from "../components/LoadingState";
import { NAV_ITEMS } from "./nav";
import { TeamSwitcher } from "./TeamSwitcher";
import { ThemeToggle } from "./ThemeToggle";
import { UserMenu } from "./UserMenu";

export function AppShell() {
  const { session } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  // Following a link in the folded menu closes it: the next page should not open under it.
  const closeOnLink = (e: MouseEvent) => {
    if ((e.target as HTMLElement).closest("a")) setMenuOpen(false);
  };
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar" data-menu-open={menuOpen || undefined}>
        <NavLink to="/" className="brand" end>
          haplab
        </NavLink>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="topbar-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <div className="topbar-menu" id="topbar-menu" onClick={closeOnLink}>
          <nav aria-label="Main">
            <ul>
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === "/"}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="topbar-right">
            {session && <TeamSwitcher session={session} />}
            <ThemeToggle />
            {session && <UserMenu session={session} />}
          </div>
        </div>
      </header>
      <main id="main" className="page">
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
