// The answer first: how many lines came along and how (refused in the danger colour), whether
// haproxy -c accepts the result, the notes, and the experiment it would become with the way to
// the designer (editors: it is where the experiment gets saved).
import { Fragment } from "react";

import type { ImportAnswer } from "../../client/types.gen";
import { FateBadge } from "./FateBadge";
import { FATE_MEANING, FATES, summaryParts } from "./importReport";

type Props = { answer: ImportAnswer; canEdit: boolean; onOpen: () => void; stale: boolean };

export function ImportSummary({ answer, canEdit, onOpen, stale }: Props) {
  const { report } = answer;
  const { total, parts } = summaryParts(report.lines);
  const check = report.check;
  return (
    <section className="card import-summary" aria-labelledby="import-summary-title" data-testid="import-summary">
      <div className="spread">
        <div>
          <h2 id="import-summary-title" tabIndex={-1}>{answer.name}</h2>
          <p className="muted small">{answer.description}</p>
        </div>
        <div className="row">
          {canEdit ? (
            <button type="button" className="primary" onClick={onOpen} data-testid="open-in-designer">
              Open in designer
            </button>
          ) : (
            <span className="muted small">Opening it as an experiment needs the editor role.</span>
          )}
        </div>
      </div>
      <p className="import-counts" data-testid="import-counts">
        <strong>{total}</strong>:{" "}
        {parts.map((p, i) => (
          <Fragment key={p.fate}>
            <span className={p.fate === "refused" && p.count > 0 ? "import-refused" : undefined}>{p.text}</span>
            {i < parts.length - 1 ? ", " : ""}
          </Fragment>
        ))}
        <span className="import-check">
          {check == null ? (
            <span className="badge">haproxy -c not run</span>
          ) : (
            <span className={check.ok ? "badge ok" : "badge bad"} data-testid="import-check">
              haproxy -c {check.ok ? "ok" : "failed"}
            </span>
          )}
        </span>
      </p>
      {stale && <p className="notice small">The text changed since this import: import again to see its fate.</p>}
      {check && !check.ok && (check.messages ?? []).length > 0 && (
        <ul className="field-error field-list">
          {check.messages!.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      )}
      {(report.notes ?? []).length > 0 && (
        <ul className="import-notes" aria-label="Notes">
          {report.notes!.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      )}
      <p className="small muted import-legend">
        {FATES.map((f) => (
          <span key={f}>
            <FateBadge fate={f} /> {FATE_MEANING[f]}
          </span>
        ))}
      </p>
    </section>
  );
}
