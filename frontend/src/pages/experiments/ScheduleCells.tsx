// A schedule's next time and a firing's outcome, as the experiment and lab pages both show them.
import type { FiringOut, ScheduleOut } from "../../client/types.gen";
import { firingLabel, firingTone, inZone, untilText } from "./schedules";

/** "Fri, Nov 27, 06:30 AM GMT+9 (in 18 h)" in the schedule's zone, or that it is paused. */
export function NextRun({ schedule }: { schedule: ScheduleOut }) {
  const next = schedule.next_runs[0];
  if (schedule.paused || !next) return <span className="muted">paused: does not fire</span>;
  return (
    <>
      {inZone(next, schedule.timezone)} <span className="muted">({untilText(next)})</span>
    </>
  );
}

export function FiringBadge({ firing }: { firing: FiringOut }) {
  return <span className={`badge ${firingTone(firing.outcome)}`}>{firingLabel(firing.outcome)}</span>;
}
