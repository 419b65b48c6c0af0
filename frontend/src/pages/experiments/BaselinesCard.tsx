// The experiment's baselines, one per pinned sweep point: what later runs of that point are
// compared with on their run page. Pinned from a run page; unpinned here.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";

import {
  baselinesListBaselinesOptions,
  baselinesListBaselinesQueryKey,
  baselinesUnpinBaselineMutation,
} from "../../client/@tanstack/react-query.gen";
import { ErrorState } from "../../components/ErrorState";
import { LoadingState } from "../../components/LoadingState";
import { TableScroll } from "../../components/TableScroll";
import { dateTime } from "../../format/time";
import { paramsText } from "./sweepAnalysis";

export function BaselinesCard({ experimentId, canEdit }: { experimentId: number; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const path = { experiment_id: experimentId };
  const baselines = useQuery(baselinesListBaselinesOptions({ path }));
  const unpin = useMutation({
    ...baselinesUnpinBaselineMutation(),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: baselinesListBaselinesQueryKey({ path }) }),
  });
  return (
    <section className="card" aria-labelledby="baselines-title" data-testid="baselines">
      <h2 id="baselines-title">Baselines</h2>
      {baselines.isPending && <LoadingState rows={2} />}
      {baselines.isError && <ErrorState compact error={baselines.error} onRetry={() => void baselines.refetch()} />}
      {baselines.data?.length === 0 && (
        <p className="muted">No baseline yet. Pin one from a run page: every later run of the same sweep point is then compared with it.</p>
      )}
      {baselines.data && baselines.data.length > 0 && (
        <TableScroll label="Baselines">
          <table className="table small">
            <thead>
              <tr>
                <th>Point</th>
                <th>Runs</th>
                <th>Pinned</th>
                {canEdit && <th />}
              </tr>
            </thead>
            <tbody>
              {baselines.data.map((b) => (
                <tr key={b.id}>
                  <td>{Object.keys(b.params).length ? paramsText(b.params) : "every run (no sweep)"}</td>
                  <td>
                    {b.run_ids.map((id, i) => (
                      <span key={id}>
                        {i > 0 && ", "}
                        <Link to={`/runs/${id}`}>#{id}</Link>
                      </span>
                    ))}
                  </td>
                  <td className="muted">
                    from a {b.pinned_from}
                    {b.created_by_email ? `, ${b.created_by_email}` : ""}, {dateTime(b.created_at)}
                  </td>
                  {canEdit && (
                    <td>
                      <button type="button" className="link" disabled={unpin.isPending} onClick={() => unpin.mutate({ path: { ...path, baseline_id: b.id } })}>
                        Unpin
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {unpin.isError && <ErrorState compact error={unpin.error} />}
    </section>
  );
}
