// What one does next with a run: run it again, clone its settings into a new experiment, set it
// against the previous run of the same experiment and point, or share it.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";

import { runsListRunsOptions, runsRerunRunMutation } from "../../client/@tanstack/react-query.gen";
import type { RunDetail } from "../../client/types.gen";
import { ErrorState } from "../../components/ErrorState";
import { TERMINAL } from "../../runs/states";
import { RunCloneDialog } from "./RunCloneDialog";

export function RunActions({ run, canEdit }: { run: RunDetail; canEdit: boolean }) {
  const navigate = useNavigate();
  const [copied, setCopied] = useState(false);
  const [cloning, setCloning] = useState(false);
  // The same experiment's recent runs: the previous finished one at the same sweep point.
  const recent = useQuery({
    ...runsListRunsOptions({ query: { experiment_id: run.experiment_id, order: "newest", limit: 100 } }),
    enabled: TERMINAL.has(run.state),
  });
  const previous = recent.data?.items.find((r) => r.id < run.id && r.point_index === run.point_index && TERMINAL.has(r.state));
  const rerun = useMutation({
    ...runsRerunRunMutation(),
    onSuccess: (launched) => void navigate(`/runs/${launched.run_ids[0]}`),
  });
  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setCopied(true);
    } catch {
      setCopied(false); // no clipboard (insecure origin): the address bar still has the link
    }
  };
  return (
    <>
      {previous && (
        <Link className="button" to={`/compare?runs=${previous.id},${run.id}&baseline=${previous.id}`} title={`Run #${previous.id}, the previous run of this point`}>
          Compare with previous
        </Link>
      )}
      {canEdit && TERMINAL.has(run.state) && (
        <button type="button" onClick={() => rerun.mutate({ path: { run_id: run.id } })} disabled={rerun.isPending} title="The same spec and point, on the same lab">
          {rerun.isPending ? "Queuing…" : "Re-run"}
        </button>
      )}
      {canEdit && (
        <button type="button" onClick={() => setCloning(true)} title="A new experiment from this run's settings, opened in the designer">
          Clone
        </button>
      )}
      <button type="button" onClick={() => void share()}>
        {copied ? "Link copied" : "Copy link"}
      </button>
      {rerun.isError && <ErrorState compact error={rerun.error} />}
      {cloning && <RunCloneDialog run={run} onClose={() => setCloning(false)} />}
    </>
  );
}
