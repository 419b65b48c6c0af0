// Load stages (the spec's load.stages, contract/load.py LoadStage; vegeta only): the load holds each
// stage's rate (open loop) or connections (closed loop) in turn, a ramp_s making the start of a
// stage a linear ramp from the one before. The profile's duration (and its mean rate) follow from
// the stages, so they are cleared when stages are added, and the API derives them. The API's
// errors (spec.load.stages.<i>.<field>) show next to each knob.
import { useDesigner } from "./DesignerContext";
import { Knob } from "./Knob";
import { SectionErrors } from "./SectionErrors";
import { getIn } from "./specPath";

type Stage = { duration_s: number; rate?: number | null; connections?: number | null; ramp_s?: number };

/** The stage a new row starts as: the last one's kind and target (or the profile's), 10 s. */
export function nextStage(load: Record<string, unknown> | undefined, stages: readonly Stage[]): Stage {
  const last = stages.at(-1);
  if (last) return last.rate != null ? { duration_s: 10, rate: last.rate } : { duration_s: 10, connections: last.connections ?? 1 };
  const rate = load?.rate;
  return typeof rate === "number" ? { duration_s: 10, rate } : { duration_s: 10, connections: Number(load?.connections ?? 10) };
}

export function StagesEditor() {
  const { spec, update, readOnly } = useDesigner();
  const load = getIn(spec, "load") as Record<string, unknown> | undefined;
  const stages = (load?.stages as Stage[] | undefined) ?? [];
  const setStages = (next: Stage[]) => {
    // With stages, duration_s is their sum and rate their mean: derived by the API when absent.
    const { duration_s: _duration, rate: _rate, ...rest } = load ?? {};
    void _duration;
    void _rate;
    update("load", next.length ? { ...rest, stages: next } : { ...rest, stages: [], duration_s: 30 });
  };
  const openLoop = stages.length ? stages[0].rate != null : load?.rate != null;
  return (
    <fieldset className="designer-group" data-testid="load-stages">
      <legend>Stages (vegeta)</legend>
      <p className="muted small">
        Change the load within one run: each stage holds its {openLoop ? "rate" : "connections"} for its seconds; a ramp makes its first seconds a line from
        the stage before. Each stage gets its own figures (its first second is left out as settling); the charts mark where each begins.
      </p>
      <SectionErrors path="load.stages" />
      {stages.map((stage, i) => {
        // Each field's description once, under the first stage's knobs: the rows below repeat them.
        const help = i === 0 ? undefined : "";
        return (
          <div className="knob-grid" key={i} data-testid="load-stage">
            <Knob path={`load.stages.${i}.duration_s`} label={`stage ${i + 1}: seconds`} required help={help} />
            {stage.rate != null ? (
              <Knob path={`load.stages.${i}.rate`} label="rate (req/s)" required help={help} />
            ) : (
              <Knob path={`load.stages.${i}.connections`} label="connections" required help={help} />
            )}
            {stage.rate != null && (i > 0 ? <Knob path={`load.stages.${i}.ramp_s`} label="ramp (s)" help={i === 1 ? undefined : ""} /> : <span aria-hidden="true" />)}
            {!readOnly && (
              <div className="field knob">
                <button type="button" className="link" onClick={() => setStages(stages.filter((_, j) => j !== i))} aria-label={`Remove stage ${i + 1}`}>
                  Remove
                </button>
              </div>
            )}
          </div>
        );
      })}
      {!readOnly && (
        <button type="button" onClick={() => setStages([...stages, nextStage(load, stages)])}>
          Add stage
        </button>
      )}
    </fieldset>
  );
}
