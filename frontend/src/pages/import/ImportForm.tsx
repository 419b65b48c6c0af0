// The config to import: pasted into a monospace textarea or read from a file, the target its
// servers map onto, and Import. The API's refusal of the text is shown under the textarea.
import { useId, useState } from "react";

import type { ApiFieldError } from "../../api/apiError";
import { FieldError } from "../../components/FieldError";
import { IMPORT_TARGETS, TARGET_HELP, type ImportTarget } from "./targetChoices";

type Props = {
  text: string;
  onText: (text: string) => void;
  target: ImportTarget;
  onTarget: (target: ImportTarget) => void;
  onImport: () => void;
  busy: boolean;
  fields: ApiFieldError[];
};

export function ImportForm({ text, onText, target, onTarget, onImport, busy, fields }: Props) {
  const id = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      onText(await file.text());
      setFileName(file.name);
      setFileError(null);
    } catch (e) {
      setFileError(`${file.name}: ${e instanceof Error ? e.message : "cannot be read"}`);
    }
  };
  return (
    <form
      className="card import-form"
      aria-label="Config to import"
      onSubmit={(e) => {
        e.preventDefault();
        onImport();
      }}
    >
      <div className="field">
        <div className="spread">
          <label htmlFor={`${id}-text`}>haproxy.cfg</label>
          <span className="row">
            {fileName && <span className="muted small" data-testid="import-file-name">from {fileName}</span>}
            <label className="button" htmlFor={`${id}-file`}>
              Open a file…
              <input
                id={`${id}-file`}
                type="file"
                accept=".cfg,text/plain"
                className="visually-hidden"
                data-testid="import-file"
                onChange={(e) => {
                  void readFile(e.target.files?.[0]);
                  e.target.value = "";
                }}
              />
            </label>
          </span>
        </div>
        <textarea
          id={`${id}-text`}
          rows={14}
          value={text}
          spellCheck={false}
          placeholder={"global\n    maxconn 4000\n\nfrontend www\n    bind :80\n    default_backend app\n\nbackend app\n    server app1 10.0.0.11:8080 check"}
          onChange={(e) => {
            onText(e.target.value);
            setFileName(null); // edited: no longer the file as it was read
          }}
          aria-describedby={`${id}-text-err`}
          aria-invalid={fields.some((f) => f.field === "text") || undefined}
        />
        <div id={`${id}-text-err`}>
          <FieldError fields={fields} path="text" />
          {fileError && <span className="field-error" role="alert">{fileError}</span>}
        </div>
      </div>
      <fieldset className="import-target">
        <legend>Servers map onto</legend>
        {IMPORT_TARGETS.map((t) => (
          <label key={t} className="import-target-choice">
            <input type="radio" name={`${id}-target`} value={t} checked={target === t} onChange={() => onTarget(t)} />
            <span>
              <strong>{t === "managed" ? "The lab's servers (managed)" : "Their production addresses (external)"}</strong>
              {TARGET_HELP[t] && <span className="help"> {TARGET_HELP[t]}</span>}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="row">
        <button type="submit" className="primary" disabled={busy || !text.trim()}>
          {busy ? "Importing…" : "Import"}
        </button>
        <span className="muted small">Nothing is saved: you see what becomes of every line first.</span>
      </div>
    </form>
  );
}
