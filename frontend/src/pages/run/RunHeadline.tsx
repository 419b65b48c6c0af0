// The run's answer at the top of its page: outcome and what bounded it, then the figures people
// look for first (rate vs asked, p50/p95/p99, error %, throughput). Details follow below.
// `checks` holds the spec's pass/fail thresholds (ThresholdChecks): they belong with the answer,
// under the figures they judge.
import type { ReactNode } from "react";

import type { RunDetail } from "../../client/types.gen";
import { BoundBadge } from "../../components/BoundBadge";
import { StateBadge } from "../../components/StateBadge";
import { headline } from "./headline";

export function RunHeadline({ run, checks }: { run: RunDetail; checks?: ReactNode }) {
  const figures = headline(run);
  if (figures.length === 0) return null;
  const verdict = run.summary?.verdict;
  return (
    <section className="card run-headline" aria-label="The run's answer" data-testid="run-headline">
      <div className="row">
        <StateBadge state={run.state} />
        {verdict && <BoundBadge kind={verdict.kind} />}
        {verdict && <span className="small">{verdict.sentence}</span>}
      </div>
      <dl className="headline-figures">
        {figures.map((f) => (
          <div key={f.id} className={`headline-figure ${f.tone ? `tone-${f.tone}` : ""}`.trim()} data-figure={f.id}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
            {f.hint && <dd className="small muted">{f.hint}</dd>}
          </div>
        ))}
      </dl>
      {checks}
    </section>
  );
}
