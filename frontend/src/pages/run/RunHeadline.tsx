// The run's answer at the top of its page: its one verdict (the outcome badge: never a green
// "succeeded" beside a failed rule) and what bounded it, then the figures people look for first
// (rate vs asked, p50/p95/p99, error %, throughput). A lab whose roles share one machine says so
// under the verdict: its CPU figures cannot tell HAProxy from the load tool. Details follow below.
// `checks` holds the spec's pass/fail thresholds (ThresholdChecks): they belong with the answer,
// under the figures they judge.
import type { ReactNode } from "react";

import type { MetricRegistry, RunDetail } from "../../client/types.gen";
import { BoundBadge } from "../../components/BoundBadge";
import { OutcomeBadge } from "../../components/OutcomeBadge";
import { headline } from "./headline";
import { sharedMachineNote } from "./sharedMachine";

// `registry`: the metric registry (GET /metrics) the figures take their labels and units from.
export function RunHeadline({ run, registry, checks }: { run: RunDetail; registry: MetricRegistry | undefined; checks?: ReactNode }) {
  const figures = headline(run, registry);
  if (figures.length === 0) return null;
  const verdict = run.summary?.verdict;
  const shared = sharedMachineNote(run.environment);
  const disagree = verdict?.caveats?.some((c) => c.kind === "figures_disagree");
  return (
    <section className="card run-headline" aria-label="The run's answer" data-testid="run-headline">
      <div className="row">
        <OutcomeBadge state={run.state} outcome={run.outcome} testId="run-outcome" />
        {verdict && <BoundBadge kind={verdict.kind} />}
        {verdict && <span className="small">{verdict.sentence}</span>}
      </div>
      {disagree && (
        <p className="small figures-disagree" data-testid="figures-disagree" role="alert">
          Two of this run&apos;s figures contradict each other beyond what the measured window&apos;s edges explain: <a href="#run-caveats">read the caveat</a> before using them.
        </p>
      )}
      {shared && (
        <p className="small muted" data-testid="shared-machine" role="note">
          {shared}
        </p>
      )}
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
