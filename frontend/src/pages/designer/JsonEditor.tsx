// "Advanced (JSON)": the whole spec as text, for every knob the form does not show. Kept in sync
// both ways: the form's changes rewrite the text unless you are in the middle of an edit that
// does not parse yet; a text that parses replaces the spec.
import { useRef, useState } from "react";

export function JsonEditor({ spec, onChange, readOnly }: { spec: unknown; onChange: (spec: Record<string, unknown>) => void; readOnly: boolean }) {
  const pretty = JSON.stringify(spec, null, 2);
  const [text, setText] = useState(pretty);
  const [problem, setProblem] = useState<string | null>(null);
  const [lastSpec, setLastSpec] = useState(spec);
  // The spec this editor itself produced: no need to rewrite (and reformat) the text being typed.
  const emitted = useRef<unknown>(null);
  if (lastSpec !== spec) {
    setLastSpec(spec);
    if (!problem && spec !== emitted.current) setText(pretty);
  }
  return (
    <div>
      <label htmlFor="spec-json" className="visually-hidden">Spec JSON</label>
      <textarea
        id="spec-json"
        rows={24}
        value={text}
        readOnly={readOnly}
        spellCheck={false}
        aria-invalid={problem != null}
        onChange={(e) => {
          setText(e.target.value);
          try {
            const parsed: unknown = JSON.parse(e.target.value);
            if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("the spec is a JSON object");
            setProblem(null);
            emitted.current = parsed;
            onChange(parsed as Record<string, unknown>);
          } catch (err) {
            setProblem(err instanceof Error ? err.message : String(err));
          }
        }}
      />
      {problem && <p className="field-error" role="alert">JSON: {problem} (the form keeps the last valid spec)</p>}
    </div>
  );
}
