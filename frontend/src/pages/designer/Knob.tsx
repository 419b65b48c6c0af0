// One input bound to a spec path: its label, the spec's own one-line description under it, and
// the API's error for that path next to it. The input kind follows the JSON Schema: an enum is a
// select, a boolean a checkbox, numbers a number input. Emptying an optional knob removes it, so
// the spec falls back to the default.
import { useId } from "react";

import { messagesAt, messagesForLines } from "../../api/fieldErrors";
import { getIn } from "./specPath";
import { fieldInfo } from "./schemaHelp";
import { useDesigner } from "./DesignerContext";
import { valueText } from "../../format/text";

type Props = {
  path: string;
  label: string;
  /** Override the schema's input kind: "lines" edits a string list one item per line. */
  kind?: "text" | "number" | "bool" | "select" | "lines";
  placeholder?: string;
  help?: string;
  options?: string[];
  /** Required fields write 0/"" instead of removing the key. */
  required?: boolean;
  width?: string;
};

export function Knob({ path, label, kind, placeholder, help, options, required = false, width }: Props) {
  const { spec, update, fields, warnings, readOnly } = useDesigner();
  const id = useId();
  const info = fieldInfo(path);
  const value = getIn(spec, path);
  const enumValues = options ?? (info.enum?.filter((v) => v !== null).map(String));
  const inputKind =
    kind ?? (enumValues ? "select" : info.type === "boolean" ? "bool" : info.type === "integer" || info.type === "number" ? "number" : "text");
  const errors = inputKind === "lines" ? messagesForLines(fields, path) : messagesAt(fields, path);
  const cautions = messagesAt(warnings, path);
  const description = help ?? info.description;
  const describedBy = `${id}-help ${id}-err`;
  const defaultHint = info.default !== undefined && info.default !== null ? `default ${valueText(info.default)}` : undefined;

  let input;
  if (inputKind === "bool") {
    input = (
      <input id={id} name={path} type="checkbox" checked={Boolean(value ?? info.default)} disabled={readOnly} aria-describedby={describedBy}
        onChange={(e) => update(path, e.target.checked)} />
    );
  } else if (inputKind === "select") {
    input = (
      <select id={id} name={path} value={valueText(value)} disabled={readOnly} aria-describedby={describedBy}
        onChange={(e) => update(path, e.target.value === "" ? (required ? "" : undefined) : e.target.value)}>
        {!required && <option value="">{defaultHint ? `(${defaultHint})` : "(not set)"}</option>}
        {enumValues?.map((v) => <option key={v} value={v}>{v}</option>)}
      </select>
    );
  } else if (inputKind === "lines") {
    const lines = Array.isArray(value) ? (value as unknown[]).map(String).join("\n") : "";
    input = (
      <textarea id={id} name={path} rows={Math.max(2, lines.split("\n").length)} value={lines} disabled={readOnly} aria-describedby={describedBy}
        aria-invalid={errors.length > 0} placeholder={placeholder}
        onChange={(e) => {
          const items = e.target.value.split("\n");
          update(path, items.length === 1 && items[0] === "" ? [] : items);
        }} />
    );
  } else {
    const isNumber = inputKind === "number";
    input = (
      <input id={id} name={path} type={isNumber ? "number" : "text"} value={valueText(value)} disabled={readOnly}
        aria-describedby={describedBy} aria-invalid={errors.length > 0} style={width ? { width } : undefined}
        placeholder={placeholder ?? defaultHint} min={isNumber ? info.minimum : undefined} max={isNumber ? info.maximum : undefined}
        step={info.type === "number" ? "any" : undefined}
        onChange={(e) => {
          const raw = e.target.value;
          if (raw === "") update(path, required ? (isNumber ? 0 : "") : undefined);
          else update(path, isNumber ? Number(raw) : raw);
        }} />
    );
  }

  return (
    <div className={inputKind === "bool" ? "field knob inline" : "field knob"}>
      <label htmlFor={id}>{label}</label>
      {input}
      {description && <span className="help" id={`${id}-help`}>{description}</span>}
      {cautions.length > 0 && (
        <span className="field-warning" data-warning={`spec.${path}`}>
          {cautions.join("; ")}
        </span>
      )}
      <span id={`${id}-err`} className="field-error" role={errors.length ? "alert" : undefined} data-field={`spec.${path}`}>
        {inputKind === "lines" ? errors.map((e) => <span key={e} className="field-error-line">{e}</span>) : errors.join("; ")}
      </span>
    </div>
  );
}
