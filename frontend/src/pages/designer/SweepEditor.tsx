// The sweep: axes of (spec path, values) that multiply into points, and the repetitions. The
// parameter of an axis is picked from what the spec can sweep (SweepParameterPicker); the points
// it expands to and the run estimate are beside the form (DesignerSide).
import { useMemo, useState } from "react";

import { useDesigner } from "./DesignerContext";
import { getIn } from "./specPath";
import { Knob } from "./Knob";
import { SectionErrors } from "./SectionErrors";
import { SweepParameterPicker } from "./SweepParameterPicker";
import { proposeValues, sweepableParameters, type SweepParameter } from "./sweepParameters";
import { formatSweepValues, parseSweepValues, type Scalar } from "./sweepValues";

export type Axis = { path: string; values: Scalar[]; label?: string | null; linked?: { path: string; values: Scalar[] }[] };

// The first axis people add is nearly always HAProxy's maxconn (seed 000's capacity sweep).
const FIRST_PARAMETER = "proxy.global.maxconn";

export function SweepEditor() {
  const { spec, update, readOnly, fields, labId } = useDesigner();
  const axes = (getIn(spec, "sweep.axes") as Axis[] | undefined) ?? [];
  const setAxes = (next: Axis[]) => update("sweep", { ...((getIn(spec, "sweep")) ?? {}), axes: next });
  const { proxy, target, load } = spec;
  const parameters = useMemo(() => sweepableParameters({ proxy, target, load }), [proxy, target, load]);
  const connections = getIn(spec, "load.connections");

  return (
    <section aria-labelledby="sweep-title" className="card">
      <h2 id="sweep-title">Sweep</h2>
      <p className="muted small">Every combination of the axes&apos; values is a point; each point runs once per repetition.</p>
      <SectionErrors path="sweep" />
      {axes.length === 0 && <p className="muted">No sweep: one point, the spec as it is.</p>}
      {axes.map((axis, i) => (
        <AxisRow
          key={i}
          index={i}
          axis={axis}
          parameters={parameters}
          connections={typeof connections === "number" ? connections : undefined}
          labId={labId}
          readOnly={readOnly}
          errors={fields.filter((f) => f.field.startsWith(`sweep.axes.${i}`)).map((f) => f.message)}
          onChange={(a) => setAxes(axes.map((x, j) => (j === i ? a : x)))}
          onRemove={() => setAxes(axes.filter((_, j) => j !== i))}
        />
      ))}
      {!readOnly && (
        <button type="button" onClick={() => setAxes([...axes, nextAxis(parameters, axes, typeof connections === "number" ? connections : undefined)])}>
          Add axis
        </button>
      )}
      <div className="knob-grid" style={{ marginTop: 12 }}>
        <Knob path="repetitions" label="repetitions" />
      </div>
    </section>
  );
}

/** A new axis on maxconn, or else the first parameter no axis sweeps yet (paths must differ), with proposed values. */
function nextAxis(parameters: SweepParameter[], axes: Axis[], connections: number | undefined): Axis {
  const free = parameters.filter((p) => !axes.some((a) => a.path === p.path));
  const p = free.find((x) => x.path === FIRST_PARAMETER) ?? free[0];
  if (!p) return { path: "", values: [] };
  const values = proposeValues(p, { connections });
  return { path: p.path, values: values.length ? values : p.current != null ? [p.current] : [] };
}

function AxisRow({ index, axis, parameters, connections, labId, readOnly, errors, onChange, onRemove }: {
  index: number;
  axis: Axis;
  parameters: SweepParameter[];
  connections: number | undefined;
  labId: number | null;
  readOnly: boolean;
  errors: string[];
  onChange: (a: Axis) => void;
  onRemove: () => void;
}) {
  // The text is kept while it does not parse, so typing "20..1" on the way to "20..100" works.
  const [text, setText] = useState(formatSweepValues(axis.values));
  const [problem, setProblem] = useState<string | null>(null);
  // Values changed elsewhere (a picked parameter's proposal, Advanced JSON, a template): show
  // them, unless the text already says so.
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
  const messages = [problem, ...errors].filter(Boolean);
  return (
    <div className="axis-row" role="group" aria-label={`Axis ${index + 1}`}>
      <SweepParameterPicker
        id={id}
        name={`sweep.axes.${index}.path`}
        path={axis.path}
        parameters={parameters}
        connections={connections}
        labId={labId}
        readOnly={readOnly}
        onPick={(path, values) => onChange({ ...axis, path, label: null, values: values.length ? values : axis.values })}
        onPath={(path) => onChange({ ...axis, path })}
      />
      <div className="field knob axis-values">
        <label htmlFor={`${id}-values`}>values</label>
        <input
          id={`${id}-values`}
          name={`sweep.axes.${index}.values`}
          value={text}
          disabled={readOnly}
          placeholder="20, 40, 60  or  20..100 step 20"
          aria-invalid={messages.length > 0}
          aria-describedby={`${id}-values-help ${id}-err`}
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
        <span className="help" id={`${id}-values-help`}>
          {axis.values.length} value{axis.values.length === 1 ? "" : "s"}
          {axis.linked?.length ? `; linked: ${axis.linked.map((l) => l.path).join(", ")}` : ""}
        </span>
      </div>
      <div className="field knob axis-label">
        <label htmlFor={`${id}-label`}>label</label>
        <input id={`${id}-label`} value={axis.label ?? ""} disabled={readOnly} placeholder="for charts" onChange={(e) => onChange({ ...axis, label: e.target.value || null })} />
      </div>
      {!readOnly && (
        <button type="button" className="link axis-remove" onClick={onRemove} aria-label={`Remove axis ${index + 1} (${axis.path})`}>
          Remove
        </button>
      )}
      <p id={`${id}-err`} className="field-error axis-error" role={messages.length ? "alert" : undefined} data-field={`spec.sweep.axes.${index}`}>
        {messages.join("; ")}
      </p>
    </div>
  );
}
