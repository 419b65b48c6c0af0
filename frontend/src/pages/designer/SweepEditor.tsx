// The sweep: axes of (spec path, values) that multiply into points, and the repetitions. Shows
// the number of runs and the estimated total time as you type (sweepEstimate.ts).
import { useState } from "react";

import { duration } from "../../format/time";
import { useDesigner } from "./DesignerContext";
import { getIn } from "./specPath";
import { Knob } from "./Knob";
import { SectionErrors } from "./SectionErrors";
import { estimateSweep, RUN_OVERHEAD_S } from "./sweepEstimate";
import { formatSweepValues, parseSweepValues, type Scalar } from "./sweepValues";
import { valueText } from "../../format/text";

// Paths people sweep most; any dotted path into the spec works (typed in the same box).
export const COMMON_SWEEP_PATHS = [
  "proxy.global.maxconn",
  "proxy.global.nbthread",
  "proxy.backends.0.http_reuse",
  "proxy.backends.0.balance",
  "proxy.backends.0.target_servers.maxconn",
  "proxy.listens.0.target_servers.maxconn",
  "proxy.listens.0.fullconn",
  "proxy.frontends.0.maxconn",
  "load.connections",
  "load.rate",
  "load.keep_alive",
  "load.http_version",
  "load.path",
  "load.duration_s",
  "target.servers",
  "target.protocol",
];

type Axis = { path: string; values: Scalar[]; label?: string | null; linked?: { path: string; values: Scalar[] }[] };

export function SweepEditor() {
  const { spec, update, readOnly, fields } = useDesigner();
  const axes = (getIn(spec, "sweep.axes") as Axis[] | undefined) ?? [];
  const estimate = estimateSweep(spec);
  const setAxes = (next: Axis[]) => update("sweep", { ...((getIn(spec, "sweep")) ?? {}), axes: next });

  return (
    <section aria-labelledby="sweep-title" className="card">
      <h2 id="sweep-title">Sweep</h2>
      <p className="muted small">Every combination of the axes&apos; values is a point; each point runs once per repetition.</p>
      <SectionErrors path="sweep" />
      <datalist id="sweep-paths">
        {COMMON_SWEEP_PATHS.map((p) => <option key={p} value={p} />)}
      </datalist>
      {axes.map((axis, i) => (
        <AxisRow
          key={i}
          index={i}
          axis={axis}
          readOnly={readOnly}
          errors={fields.filter((f) => f.field.startsWith(`sweep.axes.${i}`)).map((f) => f.message)}
          onChange={(a) => setAxes(axes.map((x, j) => (j === i ? a : x)))}
          onRemove={() => setAxes(axes.filter((_, j) => j !== i))}
        />
      ))}
      {!readOnly && (
        <button type="button" onClick={() => setAxes([...axes, { path: "proxy.global.maxconn", values: [20, 40, 60] }])}>
          Add axis
        </button>
      )}
      <div className="knob-grid" style={{ marginTop: 12 }}>
        <Knob path="repetitions" label="repetitions" />
      </div>
      <p className="estimate" data-testid="sweep-estimate">
        <strong>{estimate.runs}</strong> run{estimate.runs === 1 ? "" : "s"} ({axes.map((a) => a.values.length).join(" × ") || "1"} point
        {estimate.points === 1 ? "" : "s"} × {valueText(getIn(spec, "repetitions"), "1")} repetition
        {getIn(spec, "repetitions") === 1 || getIn(spec, "repetitions") == null ? "" : "s"}), about{" "}
        <strong>{duration(estimate.totalSeconds)}</strong>
        <span className="muted small"> ({duration(estimate.secondsPerRun)} a run incl. ~{RUN_OVERHEAD_S} s orchestration)</span>
      </p>
    </section>
  );
}

function AxisRow({ index, axis, readOnly, errors, onChange, onRemove }: {
  index: number;
  axis: Axis;
  readOnly: boolean;
  errors: string[];
  onChange: (a: Axis) => void;
  onRemove: () => void;
}) {
  // The text is kept while it does not parse, so typing "20..1" on the way to "20..100" works.
  const [text, setText] = useState(formatSweepValues(axis.values));
  const [problem, setProblem] = useState<string | null>(null);
  // Values changed elsewhere (Advanced JSON, a template): show them, unless the text already says so.
  const [shown, setShown] = useState(axis.values);
  if (shown !== axis.values) {
    setShown(axis.values);
    const parsed = parseSweepValues(text);
    if ("error" in parsed || formatSweepValues(parsed.values) !== formatSweepValues(axis.values)) {
      setText(formatSweepValues(axis.values));
      setProblem(null);
    }
  }
  const id = `axis-${index}`;
  return (
    <div className="axis-row">
      <div className="field knob">
        <label htmlFor={`${id}-path`}>parameter path</label>
        <input id={`${id}-path`} list="sweep-paths" value={axis.path} disabled={readOnly} onChange={(e) => onChange({ ...axis, path: e.target.value })} />
      </div>
      <div className="field knob" style={{ flex: 2 }}>
        <label htmlFor={`${id}-values`}>values</label>
        <input
          id={`${id}-values`}
          value={text}
          disabled={readOnly}
          placeholder="20, 40, 60  or  20..100 step 20"
          onChange={(e) => {
            setText(e.target.value);
            const parsed = parseSweepValues(e.target.value);
            if ("error" in parsed) setProblem(parsed.error);
            else {
              setProblem(null);
              onChange({ ...axis, values: parsed.values });
            }
          }}
        />
        <span className="help">{axis.values.length} value{axis.values.length === 1 ? "" : "s"}{axis.linked?.length ? `; linked: ${axis.linked.map((l) => l.path).join(", ")}` : ""}</span>
      </div>
      <div className="field knob">
        <label htmlFor={`${id}-label`}>label</label>
        <input id={`${id}-label`} value={axis.label ?? ""} disabled={readOnly} onChange={(e) => onChange({ ...axis, label: e.target.value || null })} />
      </div>
      {!readOnly && (
        <button type="button" className="link" onClick={onRemove} aria-label={`Remove axis ${axis.path}`}>
          Remove
        </button>
      )}
      {(problem || errors.length > 0) && (
        <p className="field-error" role="alert" data-field={`spec.sweep.axes.${index}`} style={{ flexBasis: "100%" }}>
          {[problem, ...errors].filter(Boolean).join("; ")}
        </p>
      )}
    </div>
  );
}
