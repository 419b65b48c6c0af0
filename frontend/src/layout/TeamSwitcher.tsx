// Switch the session's current team (POST /auth/session/team). Everything cached belonged to the
// previous team, so the cache is cleared and refilled for the new one.
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { authGetSessionQueryKey, authSwitchCurrentTeamMutation } from "../client/@tanstack/react-query.gen";
import type { SessionInfo } from "../client/types.gen";

export function TeamSwitcher({ session }: { session: SessionInfo }) {
  const queryClient = useQueryClient();
  const switchTeam = useMutation({
    ...authSwitchCurrentTeamMutation(),
    onSuccess: (info) => {
      queryClient.clear();
      queryClient.setQueryData(authGetSessionQueryKey(), info);
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
