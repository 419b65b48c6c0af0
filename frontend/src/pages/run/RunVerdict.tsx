// What bounded the run (summary.verdict, worker/verdicts): the bound as a badge, its sentence, what it
// means, the numbers it was read from, and the other conditions that also held. Caveats (a host
// that stalled, CPU stolen by the hypervisor, samples that never arrived) come first and stand out:
// they say when the figures themselves deserve less trust. The run page shows it right under the
// headline figures, on the first screen: the answer with its evidence.
import type { RunVerdict as Verdict } from "../../client/types.gen";
import { BoundBadge } from "../../components/BoundBadge";
import "../../components/figures.css";
import { boundInfo, formatEvidence } from "../../components/verdict";

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

const CAVEAT_LABELS: Record<NonNullable<Verdict["caveats"]>[number]["kind"], string> = {
  host_stalled: "host stalled",
  cpu_steal: "CPU steal",
  samples_missing: "samples missing",
  above_link_cap: "above the link cap",
  above_target_rate: "above the target rate",
  counts_disagree: "counts disagree",
  figures_disagree: "figures disagree",
  clocks_apart: "clocks apart",
};

function Caveats({ caveats }: { caveats: Verdict["caveats"] }) {
  if (!caveats?.length) return null;
  return (
    <div className="verdict tone-bad" id="run-caveats" data-testid="run-caveats" role="alert" aria-label="Measurement caveats">
      <strong>Read these figures with care:</strong>
      <ul className="verdict-also">
        {caveats.map((c, i) => (
          <li key={`${c.kind}-${i}`} data-caveat={c.kind}>
            <span className="badge">{CAVEAT_LABELS[c.kind] ?? c.kind}</span> {c.sentence}
            <EvidenceList evidence={c.evidence} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function RunVerdict({ verdict: v }: { verdict: Verdict | null | undefined }) {
  if (!v) return null;
  const typed = v.kind !== "unknown" || (v.evidence?.length ?? 0) > 0;
  const info = boundInfo(v.kind);
  return (
    <div className="verdict-block" data-report="What bounded the run">
      <Caveats caveats={v.caveats} />
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
    </div>
  );
}
