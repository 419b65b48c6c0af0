// What bounded the run (summary.bound, worker/verdicts): the bound as a badge, its sentence, what it
// means, the numbers it was read from, and the other conditions that also held.
import type { RunVerdict as Verdict } from "../../client/types.gen";
import { BoundBadge } from "../../components/BoundBadge";
import { boundInfo, formatEvidence, verdictOf } from "../../components/verdict";

function EvidenceList({ evidence }: { evidence: Verdict["evidence"] }) {
  if (!evidence?.length) return null;
  return (
    <dl className="evidence">
      {evidence.map((e) => (
        <div key={e.name} className="evidence-item" data-evidence={e.name}>
          <dt>{e.label}</dt>
          <dd>{formatEvidence(e)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function RunVerdict({ summary, verdict }: { summary: unknown; verdict?: Verdict | null }) {
  const v = verdictOf(summary, verdict);
  if (!v) return null;
  const typed = v.kind !== "unknown" || (v.evidence?.length ?? 0) > 0;
  const info = boundInfo(v.kind);
  return (
    <div className={`verdict tone-${info.tone || "none"}`} data-testid="run-verdict" data-bound={v.kind} role="note" aria-label="What bounded the run">
      <div className="row">
        <strong>What bounded the run:</strong>
        {typed && <BoundBadge kind={v.kind} />}
      </div>
      <p className="verdict-sentence">{v.sentence}</p>
      {typed && <p className="muted small">{info.meaning}</p>}
      <EvidenceList evidence={v.evidence} />
      {(v.also?.length ?? 0) > 0 && (
        <details>
          <summary>Also held: {v.also!.map((f) => boundInfo(f.kind).label).join(", ")}</summary>
          <ul className="verdict-also">
            {v.also!.map((f, i) => (
              <li key={`${f.kind}-${i}`}>
                <BoundBadge kind={f.kind} /> {f.sentence}
                <EvidenceList evidence={f.evidence} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
