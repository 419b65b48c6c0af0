// /changes — where a figure of an experiment's sweep point moved to a new level, across the team:
// newest first, the open ones (nobody has said they are expected) by default, each with the
// run it starts at, how much and how sure, and what differs from the run before (the likely cause).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";

import { hasRole, useSession } from "../../auth/useSession";
import {
  changesListChangesOptions,
  changesListChangesQueryKey,
  changesUpdateChangeMutation,
  notesListNotesOptions,
} from "../../client/@tanstack/react-query.gen";
import { AddNote, NotesList } from "../../components/Notes";
import type { ChangeOut, NoteOut } from "../../client/types.gen";
import { EmptyState } from "../../components/EmptyState";
import { ErrorState } from "../../components/ErrorState";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { TableScroll } from "../../components/TableScroll";
import { dateTime } from "../../format/time";
import { valueText } from "../../format/text";
import { paramsText } from "../experiments/sweepAnalysis";
import { ruleNumber } from "../run/ThresholdChecks";
import { pText } from "../run/BaselineCard";

type Filter = "open" | "accepted" | "all";

function ChangeNotes({ changeId, notes }: { changeId: number; notes: NoteOut[] }) {
  return (
    <details className="change-notes">
      <summary className="small">Notes ({notes.length})</summary>
      <NotesList notes={notes} />
      <AddNote changeId={changeId} label={`Add a note to change ${changeId}`} />
    </details>
  );
}

/** "-40.0 % (worse)": the size and which way, as people judge it. */
export function changeSize(c: Pick<ChangeOut, "change_pct" | "worse">): string {
  const pct = `${c.change_pct > 0 ? "+" : ""}${c.change_pct.toFixed(1)} %`;
  return c.worse == null ? pct : `${pct} (${c.worse ? "worse" : "better"})`;
}

/** One difference as a line: "spec proxy.global.maxconn: 20 → 5", "config line added: maxconn 5". */
export function differenceText(d: { what: string; before?: unknown; after?: unknown }): string {
  if (d.before == null) return `${d.what}: ${valueText(d.after)}`;
  if (d.after == null) return `${d.what}: ${valueText(d.before)}`;
  return `${d.what}: ${valueText(d.before)} → ${valueText(d.after)}`;
}

export default function ChangesPage() {
  const [params, setParams] = useSearchParams();
  const filter = (params.get("status") as Filter | null) ?? "open";
  const { session } = useSession();
  const canEdit = hasRole(session, "editor");
  const queryClient = useQueryClient();
  const query = { ...(filter === "all" ? {} : { status: filter }), limit: 200 };
  const changes = useQuery(changesListChangesOptions({ query }));
  const changeIds = changes.data?.items.map((c) => c.id) ?? [];
  const notes = useQuery({ ...notesListNotesOptions({ query: { change_ids: changeIds } }), enabled: changeIds.length > 0 });
  const update = useMutation({
    ...changesUpdateChangeMutation(),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: changesListChangesQueryKey() }),
  });
  return (
    <>
      <PageHeader
        title="Changes"
        description="Where a figure of an experiment's sweep point moved to a new level and stayed, found after each run (docs/history.md)."
        actions={
          <div className="row" role="group" aria-label="Show">
            {(["open", "accepted", "all"] as const).map((f) => (
              <button key={f} type="button" aria-pressed={filter === f} className={filter === f ? "primary" : undefined} onClick={() => setParams({ status: f })}>
                {f === "open" ? "Open" : f === "accepted" ? "Accepted" : "All"}
              </button>
            ))}
          </div>
        }
      />
      {changes.isPending && <LoadingState label="Loading changes" />}
      {changes.isError && <ErrorState error={changes.error} onRetry={() => void changes.refetch()} />}
      {changes.data?.items.length === 0 && (
        <EmptyState title={filter === "open" ? "No open changes" : "No changes"}>
          Every figure of every point has held its level{filter === "open" ? ", or each change was accepted as expected" : ""}. A change needs a few runs of the same point before it.
        </EmptyState>
      )}
      {changes.data && changes.data.items.length > 0 && (
        <TableScroll label="Detected changes">
          <table className="table" data-testid="changes">
            <thead>
              <tr>
                <th>Experiment · point</th>
                <th>Figure</th>
                <th className="num">Before → after</th>
                <th className="num">Change</th>
                <th>At run</th>
                <th>What differs from the run before</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {changes.data.items.map((c) => (
                <tr key={c.id} data-status={c.status}>
                  <td>
                    <Link to={`/experiments/${c.experiment_id}`}>{c.experiment_name}</Link>
                    <div className="muted small">{Object.keys(c.params).length ? paramsText(c.params) : "no sweep"}</div>
                  </td>
                  <td>{c.metric_label}</td>
                  <td className="num">
                    {ruleNumber(c.before_mean, c.metric_unit)} → {ruleNumber(c.after_mean, c.metric_unit)}
                    <div className="muted small">
                      {c.before_n} runs → {c.after_n}
                    </div>
                  </td>
                  <td className="num">
                    <span className={`badge ${c.worse ? "bad" : c.worse === false ? "ok" : ""}`}>{changeSize(c)}</span>
                    <div className="muted small">p {pText(c.p_value)}</div>
                  </td>
                  <td>
                    <Link to={`/runs/${c.run_id}`}>#{c.run_id}</Link>
                    <div className="muted small">
                      <Link to={`/compare?runs=${c.before_run_id},${c.run_id}&baseline=${c.before_run_id}`}>compare with #{c.before_run_id}</Link>
                    </div>
                  </td>
                  <td className="small">
                    {c.differences.length === 0 ? (
                      <span className="muted">Nothing recorded differs: the lab or the load itself changed.</span>
                    ) : (
                      <ul className="plain-list">
                        {c.differences.slice(0, 6).map((d, i) => (
                          <li key={i}>
                            <code>{differenceText(d)}</code>
                          </li>
                        ))}
                        {c.differences.length > 6 && <li className="muted">and {c.differences.length - 6} more</li>}
                      </ul>
                    )}
                    <ChangeNotes changeId={c.id} notes={(notes.data ?? []).filter((n) => n.change_id === c.id)} />
                  </td>
                  <td>
                    {c.status === "accepted" ? (
                      <span className="muted small">
                        accepted{c.status_by_email ? ` by ${c.status_by_email}` : ""}
                        {c.status_at ? `, ${dateTime(c.status_at)}` : ""}
                      </span>
                    ) : (
                      <span className="badge bad">open</span>
                    )}
                    {canEdit && (
                      <div>
                        <button
                          type="button"
                          className="link"
                          disabled={update.isPending}
                          onClick={() => update.mutate({ path: { change_id: c.id }, body: { status: c.status === "open" ? "accepted" : "open" } })}
                        >
                          {c.status === "open" ? "Accept as expected" : "Reopen"}
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {update.isError && <ErrorState compact error={update.error} />}
    </>
  );
}
