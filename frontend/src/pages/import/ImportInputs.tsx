// What the config reads from outside: each environment variable ("${NAME}") with a field for its
// value, and each pattern file (acl ... -f <path>) with a box for its content; Import again sends them.
import type { ApiFieldError } from "../../api/apiError";
import type { ImportReport } from "../../client/types.gen";
import { FieldError } from "../../components/FieldError";
import { linesLabel, pastableFiles } from "./importReport";

type Props = {
  report: ImportReport;
  environment: Record<string, string>;
  onEnvironment: (name: string, value: string) => void;
  files: Record<string, string>;
  onFile: (path: string, content: string) => void;
  onImportAgain: () => void;
  busy: boolean;
  fields: ApiFieldError[];
};

export function ImportInputs({ report, environment, onEnvironment, files, onFile, onImportAgain, busy, fields }: Props) {
  const variables = report.environment ?? [];
  const patterns = pastableFiles(report);
  const otherFiles = (report.files ?? []).filter((f) => !patterns.includes(f));
  if (variables.length === 0 && patterns.length === 0 && otherFiles.length === 0) return null;
  return (
    <section className="card" aria-labelledby="import-inputs-title" data-testid="import-inputs">
      <h2 id="import-inputs-title">What the config reads from outside</h2>
      {variables.length > 0 && (
        <>
          <p className="muted small">Environment variables: give a value for each line that reads one, then import again. Empty uses the config's default, if it has one.</p>
          <div className="import-variables">
            {variables.map((v) => (
              <div className="field" key={v.name}>
                <label htmlFor={`import-env-${v.name}`}>
                  <code>${"{"}{v.name}{"}"}</code> <span className="muted small">({linesLabel(v.lines)})</span>
                </label>
                <input
                  id={`import-env-${v.name}`}
                  value={environment[v.name] ?? ""}
                  placeholder={v.default != null ? `default: ${v.default}` : "no default"}
                  onChange={(e) => onEnvironment(v.name, e.target.value)}
                  aria-describedby={`import-env-${v.name}-err`}
                />
                <FieldError fields={fields} path={`environment.${v.name}`} id={`import-env-${v.name}-err`} />
              </div>
            ))}
          </div>
        </>
      )}
      {patterns.map((f) => (
        <div className="field" key={f.path}>
          <label htmlFor={`import-file-${f.path}`}>
            Pattern file <code>{f.path}</code> <span className="muted small">({linesLabel(f.lines)}{f.inlined ? ", inlined" : ""})</span>
          </label>
          <textarea id={`import-file-${f.path}`} rows={4} value={files[f.path] ?? ""} placeholder="one pattern per line" onChange={(e) => onFile(f.path, e.target.value)} />
          <span className="help">{f.hint}</span>
          <FieldError fields={fields} path={`files.${f.path}`} />
        </div>
      ))}
      {otherFiles.length > 0 && (
        <ul className="plain-list small">
          {otherFiles.map((f) => (
            <li key={f.path}>
              <code>{f.path}</code> <span className="muted">({linesLabel(f.lines)}): {f.hint}</span>
            </li>
          ))}
        </ul>
      )}
      {(variables.length > 0 || patterns.length > 0) && (
        <button type="button" className="primary" onClick={onImportAgain} disabled={busy}>
          {busy ? "Importing…" : "Import again"}
        </button>
      )}
    </section>
  );
}
