// Thresholds: rules every run must meet to pass (contract/thresholds.py), as a CI gate reads them.
// A rule names a figure of the metric vocabulary: a run metric (judged on its value once the run
// is collected) or a per-second series (judged on its max, min or mean over the measured
// seconds, and able to stop the run early). The API's field errors show next to each input.
import { messagesAt } from "../../api/fieldErrors";
import type { MetricRegistry } from "../../client/types.gen";
import { useMetricRegistry } from "../../metrics/useMetricRegistry";
import { useDesigner } from "./DesignerContext";
import { getIn } from "./specPath";
import { Knob } from "./Knob";
import { SectionErrors } from "./SectionErrors";

export type Rule = {
  metric: string;
  aggregate?: string;
  operator: string;
  value: number;
  relative_to?: string | null;
  host?: string | null;
  abort_on_fail?: boolean;
  grace_s?: number;
  when?: Record<string, unknown>;
  per_point?: string | null;
  relative_to_point?: Record<string, unknown>;
};

/** `path = value and path = value`, as a rule's scope or reference point reads. */
const pointValues = (values: Record<string, unknown>) =>
  Object.entries(values)
    .map(([path, v]) => `${path} = ${JSON.stringify(v)}`)
    .join(" and ");

/** A new rule: p99 latency under 100 ms, the first thing people gate on. */
export const NEW_RULE: Rule = { metric: "latency_p99_ms", aggregate: "value", operator: "<", value: 100 };
/** With a capacity search, thresholds judge its answer: a capacity a point must reach. */
export const NEW_CAPACITY_RULE: Rule = { metric: "capacity", aggregate: "value", operator: ">=", value: 1000 };

export type RuleKind = "run" | "series" | "host-series" | "search" | "unknown";

export function ruleKind(registry: MetricRegistry | undefined, metric: string): RuleKind {
  if (registry?.run_metrics.some((m) => m.key === metric)) return "run";
  if (registry?.search_figures?.some((f) => f.key === metric)) return "search";
  const series = registry?.sample_series.find((s) => s.key === metric);
  if (series) return series.source === "host" ? "host-series" : "series";
  return "unknown";
}

/** The rule after its metric changed: the aggregate, host and abort settings that metric allows. */
export function withMetric(rule: Rule, metric: string, kind: RuleKind): Rule {
  const next: Rule = { ...rule, metric };
  if (kind === "search") {
    // A search's figure is judged on its value per sweep point: no host, base or early stop.
    next.aggregate = "value";
    for (const key of ["host", "abort_on_fail", "grace_s", "relative_to", "relative_to_point", "when"] as const) delete next[key];
  } else if (kind === "run") {
    next.aggregate = "value";
    delete next.host;
    delete next.abort_on_fail;
    delete next.grace_s;
  } else {
    delete next.per_point;
    delete next.relative_to_point;
    if (!next.aggregate || next.aggregate === "value") next.aggregate = "max";
    if (kind === "host-series") next.host = next.host ?? "proxy";
    else delete next.host;
  }
  return next;
}

export function ThresholdsEditor() {
  const { spec, update, readOnly } = useDesigner();
  const rules = (getIn(spec, "thresholds") as Rule[] | undefined) ?? [];
  const setRules = (next: Rule[]) => update("thresholds", next.length ? next : undefined);
  const searching = getIn(spec, "search") != null;
  return (
    <section aria-labelledby="thresholds-title" className="card">
      <h2 id="thresholds-title">Thresholds</h2>
      <p className="muted small">
        Rules every run must meet to pass: shown on the run page and in History, and the exit code of <code>haplab run</code> in CI. A rule whose figure was not
        measured fails. A run figure may instead be judged once per sweep point, on its repetitions&apos; mean or 95% confidence bound.
      </p>
      {searching && (
        <p className="small" data-testid="thresholds-search">
          With a capacity search, the objective judges each probe; thresholds judge the search&apos;s answer per sweep point: <code>capacity</code> or{" "}
          <code>safe_capacity</code> (e.g. capacity ≥ 5000), on the mean of its searches or a bound of their 95% interval.
        </p>
      )}
      <SectionErrors path="thresholds" />
      {rules.length === 0 && <p className="muted">No thresholds: runs are measured, not judged.</p>}
      {rules.map((rule, i) => (
        <RuleFieldset
          key={i}
          base={`thresholds.${i}`}
          legend={`Rule ${i + 1}`}
          rule={rule}
          onChange={(next) => setRules(rules.map((r, j) => (j === i ? next : r)))}
          onRemove={() => setRules(rules.filter((_, j) => j !== i))}
        />
      ))}
      {!readOnly && (
        <button type="button" onClick={() => setRules([...rules, searching ? NEW_CAPACITY_RULE : NEW_RULE])}>
          Add threshold
        </button>
      )}
    </section>
  );
}

/**
 * One rule's fields at a spec path (`thresholds.0`, `search.objective.0`), with the API's errors
 * next to each. An objective (`objective`) judges each probe on its own: no per-point judging and
 * no early stop, so those fields are not offered.
 */
export function RuleFieldset({
  base,
  legend,
  rule,
  onChange,
  onRemove,
  objective = false,
}: {
  base: string;
  legend: string;
  rule: Rule;
  onChange: (rule: Rule) => void;
  onRemove: () => void;
  objective?: boolean;
}) {
  const { spec, readOnly, fields, warnings } = useDesigner();
  const registry = useMetricRegistry();
  const openLoop = getIn(spec, "load.rate") != null || getIn(spec, "search.vary") === "load.rate";
  const scopeFields = ["when", "relative_to_point", "per_point", "abort_on_fail"] as const;
  const kind = ruleKind(registry, rule.metric);
  const metricErrors = messagesAt(fields, `${base}.metric`);
  const relativePoint = Object.keys(rule.relative_to_point ?? {}).length > 0;
  return (
    <fieldset className="threshold-rule" data-testid={objective ? "objective-rule" : "threshold-rule"}>
      <legend>{legend}</legend>
      <SectionErrors path={base} />
      {scopeFields
        .filter((field) => objective || field === "when" || field === "relative_to_point")
        .map((field) => (
          <div key={field}>
            {messagesAt(fields, `${base}.${field}`).map((m) => (
              <p key={m} className="field-error" role="alert" data-field={`spec.${base}.${field}`}>
                {field}: {m}
              </p>
            ))}
            {messagesAt(warnings, `${base}.${field}`).map((m) => (
              <p key={m} className="field-warning" data-field={`spec.${base}.${field}`}>
                {field}: {m}
              </p>
            ))}
          </div>
        ))}
      <div className="knob-grid">
        <div className="field">
          <label htmlFor={`${base}-metric`}>metric</label>
          <select
            id={`${base}-metric`}
            value={rule.metric}
            disabled={readOnly}
            aria-invalid={metricErrors.length > 0}
            aria-describedby={`${base}-metric-err`}
            onChange={(e) => {
              const next = withMetric(rule, e.target.value, ruleKind(registry, e.target.value));
              if (objective) delete next.abort_on_fail;
              onChange(next);
            }}
          >
            {kind === "unknown" && <option value={rule.metric}>{rule.metric} (unknown)</option>}
            <optgroup label={objective ? "Run figures (judged when the probe ends)" : "Run figures (judged when the run ends)"}>
              {registry?.run_metrics.map((m) => (
                <option key={m.key} value={m.key}>
                  {m.label}
                  {m.unit ? ` (${m.unit})` : ""} · {m.key}
                </option>
              ))}
            </optgroup>
            <optgroup label={objective ? "Per-second series (max, min or mean over the probe)" : "Per-second series (max, min or mean; can stop a run)"}>
              {registry?.sample_series.map((s) => (
                <option key={s.key} value={s.key}>
                  {s.label}
                  {s.unit ? ` (${s.unit})` : ""} · {s.key}
                </option>
              ))}
            </optgroup>
            {!objective && (registry?.search_figures?.length ?? 0) > 0 && (
              <optgroup label="Capacity search figures (judged per sweep point; with a search only)">
                {registry?.search_figures?.map((f) => (
                  <option key={f.key} value={f.key}>
                    {f.label} · {f.key}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
          <div id={`${base}-metric-err`}>
            {metricErrors.map((m) => (
              <p key={m} className="field-error" role="alert">
                {m}
              </p>
            ))}
          </div>
        </div>
        {(kind === "series" || kind === "host-series" || kind === "unknown") && <Knob path={`${base}.aggregate`} label="aggregate" options={["max", "min", "mean"]} required />}
        <Knob path={`${base}.operator`} label="operator" required />
        <Knob
          path={`${base}.value`}
          label={relativePoint ? "value (x its value at the reference point)" : rule.relative_to ? `value (x ${rule.relative_to === "asked_rate" ? "asked rate" : rule.relative_to})` : "value"}
          required
        />
        {!relativePoint && kind !== "search" && <Knob path={`${base}.relative_to`} label="relative to" placeholder={openLoop ? "asked_rate, or a spec path" : "a spec path, e.g. proxy.global.maxconn"} />}
        {!objective && (kind === "run" || kind === "search") && <Knob path={`${base}.per_point`} label="per sweep point" options={["mean", "ci_low", "ci_high"]} />}
        {kind === "host-series" && <Knob path={`${base}.host`} label="host" required />}
        {!objective && kind !== "run" && kind !== "search" && <Knob path={`${base}.abort_on_fail`} label="abort on fail" />}
        {!objective && kind !== "run" && kind !== "search" && rule.abort_on_fail && <Knob path={`${base}.grace_s`} label="grace (s)" />}
      </div>
      {rule.when && Object.keys(rule.when).length > 0 && (
        <p className="small muted" data-testid="threshold-when">
          Judges only the runs where {pointValues(rule.when)} (edit in Advanced (JSON)).
        </p>
      )}
      {relativePoint && (
        <p className="small muted" data-testid="threshold-reference">
          The limit is value x the mean of the same figure at the sweep point that differs only in {pointValues(rule.relative_to_point ?? {})} (edit in Advanced (JSON)).
        </p>
      )}
      {!readOnly && (
        <button type="button" className="link" onClick={onRemove}>
          Remove {legend.toLowerCase()}
        </button>
      )}
    </fieldset>
  );
}
