// Switch the session's current team (POST /auth/session/team). Everything cached belonged to the
// previous team: every other query is reset (active ones refetch for the new team), and a page
// about one object (/experiments/5) goes back to its list (home stays home), since that object is
// not in this team.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router";

import { authGetSessionQueryKey, authSwitchCurrentTeamMutation } from "../client/@tanstack/react-query.gen";
import type { SessionInfo } from "../client/types.gen";
import { isSessionQuery } from "../api/queryKeys";

export function TeamSwitcher({ session }: { session: SessionInfo }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const switchTeam = useMutation({
    ...authSwitchCurrentTeamMutation(),
    onSuccess: (info) => {
      queryClient.setQueryData(authGetSessionQueryKey(), info);
      void queryClient.resetQueries({ predicate: (q) => !isSessionQuery(q.queryKey) });
      const section = location.pathname.split("/")[1] ?? "";
      void navigate(`/${section}`);
    },
  });
  if (session.teams.length <= 1 || session.via !== "session") {
    return <span className="team-name" title="current team">{session.current_team?.name ?? "no team"}</span>;
  }
  return (
    <label className="team-switcher">
      <span className="visually-hidden">Current team</span>
      <select
        value={session.current_team?.id ?? ""}
        disabled={switchTeam.isPending}
        onChange={(e) => switchTeam.mutate({ body: { team_id: Number(e.target.value) } })}
      >
        {session.teams.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name} ({t.role})
          </option>
        ))}
      </select>
    </label>
  );
}
