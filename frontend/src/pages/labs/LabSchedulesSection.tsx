// What fires on this lab: every schedule launching on it, its next time and whether it is paused,
// so a lab's owner sees the nightly load coming before booking the lab for something else.
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";

import { schedulesListSchedulesOptions } from "../../client/@tanstack/react-query.gen";
import { ErrorState } from "../../components/ErrorState";
import { LoadingState } from "../../components/LoadingState";
import { TableScroll } from "../../components/TableScroll";
import { FiringBadge, NextRun } from "../experiments/ScheduleCells";

export function LabSchedulesSection({ labId }: { labId: number }) {
  const schedules = useQuery({ ...schedulesListSchedulesOptions({ query: { lab_id: labId } }), refetchInterval: 30_000 });
  return (
    <section className="card" aria-labelledby="lab-schedules-title" data-testid="lab-schedules">
      <h2 id="lab-schedules-title">Schedules on this lab</h2>
      {schedules.isPending && <LoadingState rows={2} />}
      {schedules.isError && <ErrorState compact error={schedules.error} onRetry={() => void schedules.refetch()} />}
      {schedules.data?.length === 0 && <p className="muted">Nothing is scheduled here. Schedules are added on an experiment's page.</p>}
      {schedules.data && schedules.data.length > 0 && (
        <TableScroll label="Schedules on this lab">
          <table className="table small">
            <thead>
              <tr>
                <th>Experiment</th>
                <th>Schedule</th>
                <th>Next</th>
                <th>Last firing</th>
              </tr>
            </thead>
            <tbody>
              {[...schedules.data]
                .sort((a, b) => (a.next_runs[0] ?? "~").localeCompare(b.next_runs[0] ?? "~"))
                .map((s) => (
                  <tr key={s.id}>
                    <td>
                      <Link to={`/experiments/${s.experiment_id}`}>{s.experiment_name}</Link>
                    </td>
                    <td>
                      {s.name} <span className="muted">
                        <code>{s.cron}</code> · {s.timezone}
                      </span>
                    </td>
                    <td>
                      <NextRun schedule={s} />
                    </td>
                    <td>{s.last_firing ? <FiringBadge firing={s.last_firing} /> : <span className="muted">not fired yet</span>}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
