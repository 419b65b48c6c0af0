// Download the experiment as a YAML file (for a repository and `haplab run`), or load one: the
// form takes its name, description, tags and spec, and the live validation judges it as usual.
import { useId, useState } from "react";

import { parseExperimentFile, SCHEMA_PATH, toExperimentYaml, type ExperimentFileBody } from "./experimentFile";

function fileName(name: string): string {
  return `${name.trim().toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "experiment"}.yaml`;
}

export function ExperimentFileActions({ body, readOnly, onLoad }: { body: ExperimentFileBody; readOnly: boolean; onLoad: (body: ExperimentFileBody) => void }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const download = () => {
    const text = toExperimentYaml(body, new URL(SCHEMA_PATH, window.location.origin).href);
    const url = URL.createObjectURL(new Blob([text], { type: "application/yaml" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = fileName(body.name);
    a.click();
    URL.revokeObjectURL(url);
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    const parsed = parseExperimentFile(await file.text());
    if (!parsed.ok) {
      setError(`${file.name}${parsed.line ? `, line ${parsed.line}` : ""}: ${parsed.error}`);
      return;
    }
    setError(null);
    onLoad(parsed.body);
  };
  return (
    <div className="experiment-file">
      <button type="button" onClick={download} data-testid="download-yaml">
        Download YAML
      </button>
      {!readOnly && (
        <label className="button" htmlFor={id}>
          Load YAML…
          <input
            id={id}
            type="file"
            accept=".yaml,.yml,.json,application/yaml,application/json"
            className="visually-hidden"
            data-testid="upload-yaml"
            aria-describedby={`${id}-err`}
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
        </label>
      )}
      <div id={`${id}-err`}>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
