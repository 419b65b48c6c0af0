// The signed-in user and sign out (POST /auth/logout). A <details> menu: keyboard reachable
// without any script of ours.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";

import { authLogoutMutation } from "../client/@tanstack/react-query.gen";
import type { SessionInfo } from "../client/types.gen";

export function UserMenu({ session }: { session: SessionInfo }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useMutation({
    ...authLogoutMutation(),
    onSettled: () => {
      queryClient.clear();
      void navigate("/login", { replace: true });
    },
  });
  return (
    <details className="user-menu">
      <summary>{session.user.name || session.user.email}</summary>
      <div className="menu">
        <p className="muted">
          {session.user.email}
          <br />
          role: {session.role ?? "none"}
        </p>
        {session.via === "session" && (
          <button type="button" onClick={() => logout.mutate({})} disabled={logout.isPending}>
            Sign out
          </button>
        )}
      </div>
    </details>
  );
}
