// Whether this run adopted the HAProxy and target servers a previous run kept warm
// (docs/architecture.md, "Kept warm between runs"): said once, with a link to that run.
import { Link } from "react-router";

import type { RunDetail } from "../../client/types.gen";

export function KeptProcesses({ run }: { run: RunDetail }) {
  const proxyFrom = run.environment.reused_processes_from_run;
  const targetsFrom = run.environment.reused_targets_from_run;
  if (proxyFrom == null && targetsFrom == null) return null;
  return (
    <p className="muted" data-testid="kept-processes">
      {proxyFrom != null && (
        <>
          HAProxy not restarted since run <Link to={`/runs/${proxyFrom}`}>#{proxyFrom}</Link> (kept warm; its
          counters were cleared when this run adopted it).{" "}
        </>
      )}
      {targetsFrom != null && (
        <>
          Target servers not restarted since run <Link to={`/runs/${targetsFrom}`}>#{targetsFrom}</Link>.
        </>
      )}
    </p>
  );
}
