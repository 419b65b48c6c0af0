// Experiments of the current team: search, tag and owner filters (in the URL, so a filtered list
// is a shareable link), last result, and clone / delete.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";

import { hasRole, useSession } from "../../auth/useSession";
import { experimentsListExperimentsOptions, teamsListMembersOptions } from "../../client/@tanstack/react-query.gen";
import type { ExperimentSummary } from "../../client/types.gen";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState } from "../../components/EmptyState";
import { ErrorState } from "../../components/ErrorState";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { ago } from "../../format/time";
import { useDebounced } from "../designer/useDebounced";
import { CloneDialog } from "./CloneDialog";
import { StateBadge } from "../../components/StateBadge";
import { useExperimentActions } from "./useExperimentActions";

const PAGE = 50;

export default function ExperimentsPage() {
  const { session } = useSession();
  const canEdit = hasRole(session, "editor");
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const tag = params.get("tag") ?? "";
  const owner = params.get("owner") ?? "";
  const offset = Number(params.get("offset") ?? 0) || 0;
  const debouncedQ = useDebounced(q, 300);
  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== "offset") next.delete("offset");
    setParams(next, { replace: true });
  };

  const list = useQuery({
    ...experimentsListExperimentsOptions({
      query: { q: debouncedQ || undefined, tag: tag || undefined, owner_id: owner ? Number(owner) : undefined, limit: PAGE, offset },
    }),
    placeholderData: keepPreviousData,
  });
  const members = useQuery(teamsListMembersOptions());
  const { remove } = useExperimentActions();
  const [cloning, setCloning] = useState<ExperimentSummary | null>(null);
  const [deleting, setDeleting] = useState<ExperimentSummary | null>(null);

  return (
    <>
      <PageHeader
        title="Experiments"
        description="Versioned specs: HAProxy config, target, load and sweep."
        actions={
          <>
            {/* Importing creates nothing, so viewers may too; opening the result needs an editor. */}
            <Link className="button" to="/experiments/import">Import haproxy.cfg</Link>
            {canEdit && (
              <>
                <Link className="button" to="/templates">From a template</Link>
                <Link className="button primary" to="/experiments/new">New experiment</Link>
              </>
            )}
          </>
        }
      />
      <div className="row filters" role="search" style={{ marginBottom: 12 }}>
        <input aria-label="Search experiments" placeholder="Search name or description" value={q} onChange={(e) => setParam("q", e.target.value)} />
        <input aria-label="Tag" placeholder="Tag" value={tag} onChange={(e) => setParam("tag", e.target.value)} />
        <select aria-label="Owner" value={owner} onChange={(e) => setParam("owner", e.target.value)}>
          <option value="">any owner</option>
          {members.data?.map((m) => (
            <option key={m.user_id} value={m.user_id}>{m.name || m.email}</option>
          ))}
        </select>
      </div>
      {list.isPending && <LoadingState label="Loading experiments" rows={6} />}
      {list.error && <ErrorState error={list.error} onRetry={() => list.refetch()} />}
      {remove.error && <ErrorState error={remove.error} compact />}
      {list.data && list.data.items.length === 0 && (
        <EmptyState
          title={q || tag || owner ? "No experiment matches" : "No experiments yet"}
          action={canEdit && <Link className="button primary" to="/templates">Start from a template</Link>}
        >
          {q || tag || owner ? "Change or clear the filters." : "Design one from scratch or start from one of the five seed templates."}
        </EmptyState>
      )}
      {list.data && list.data.items.length > 0 && (
        <>
          <table className="table" aria-busy={list.isFetching}>
            <thead>
              <tr>
                <th>Name</th>
                <th>Tags</th>
                <th>Owner</th>
                <th className="num">Version</th>
                <th className="num">Runs</th>
                <th>Last result</th>
                <th>Updated</th>
                <th aria-label="actions" />
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((e) => (
                <tr key={e.id}>
                  <td>
                    <Link to={`/experiments/${e.id}`}>{e.name}</Link>
                    {e.description && <div className="muted small">{e.description.slice(0, 120)}</div>}
                  </td>
                  <td>
                    {e.tags.map((t) => (
                      <button key={t} type="button" className="badge" style={{ marginRight: 4, cursor: "pointer" }} onClick={() => setParam("tag", t)} title={`Only ${t}`}>
                        {t}
                      </button>
                    ))}
                  </td>
                  <td>{e.owner?.name || e.owner?.email || "—"}</td>
                  <td className="num">{e.latest_version}</td>
                  <td className="num">
                    <Link to={`/history?experiment=${e.id}`}>{e.run_counts.total}</Link>
                  </td>
                  <td><StateBadge state={e.last_run_state} /></td>
                  <td title={e.updated_at}>{ago(e.updated_at)}</td>
                  <td>
                    <div className="row" style={{ flexWrap: "nowrap" }}>
                      {canEdit && <Link to={`/experiments/${e.id}/edit`}>Edit</Link>}
                      {canEdit && <button type="button" className="link" onClick={() => setCloning(e)}>Clone</button>}
                      {canEdit && <button type="button" className="link" onClick={() => setDeleting(e)}>Delete</button>}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="spread" style={{ marginTop: 8 }}>
            <span className="muted small">
              {offset + 1}–{offset + list.data.items.length} of {list.data.total}
            </span>
            <div className="row">
              <button type="button" disabled={offset === 0} onClick={() => setParam("offset", String(Math.max(0, offset - PAGE)))}>Previous</button>
              <button type="button" disabled={offset + PAGE >= list.data.total} onClick={() => setParam("offset", String(offset + PAGE))}>Next</button>
            </div>
          </div>
        </>
      )}
      <CloneDialog source={cloning} onClose={() => setCloning(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? ""}?`}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ path: { experiment_id: deleting.id } }, { onSettled: () => setDeleting(null) })}
      >
        Its versions, runs and samples ({deleting?.run_counts.total ?? 0} runs) are deleted too. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
