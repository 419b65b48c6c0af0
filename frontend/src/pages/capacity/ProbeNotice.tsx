// On a probe's run page: which probe of which search this run is, what it showed, and the
// search's answer, with the way to the knee curve. Nothing for a run that is not a probe.
import { Link } from "react-router";

import { probeIndex, probeText } from "./capacity";
import { useProbeLaunch } from "./useLaunchCapacity";

export function ProbeNotice({ run }: { run: { id: number; launch_id: number; experiment_id: number; params: Record<string, unknown> } }) {
  const launch = useProbeLaunch(run);
  const capacity = launch.data?.capacity;
  const probe = capacity ? probeIndex(capacity).get(run.id) : undefined;
  if (!probe) return null;
  return (
    <p className="notice small" data-testid="probe-notice">
      This run is {probeText(probe)}. <Link to={`/experiments/${run.experiment_id}#capacity-title`}>The knee curve and every probe</Link>
    </p>
  );
}
