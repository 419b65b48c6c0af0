// An experiment as a file (YAML, or JSON: YAML reads both): the body the designer saves, as
// contract/experiment_file.py defines it, so a downloaded file uploads back to the same experiment
// and `haplab run file.yaml` runs what the designer shows. Editors check the file against the
// JSON Schema every haplab serves (frontend/public/schemas/, dev/gen_api_client.sh).
import { parseDocument, stringify, YAMLParseError } from "yaml";

export const SCHEMA_PATH = "/schemas/experiment.schema.json";

export type ExperimentFileBody = { name: string; description: string; tags: string[]; spec: Record<string, unknown> };

export type ParsedFile = { ok: true; body: ExperimentFileBody } | { ok: false; error: string; line?: number };

/** The file's text: a modeline naming the schema for editors, then the body, keys in order. */
export function toExperimentYaml(body: ExperimentFileBody, schemaUrl: string): string {
  // lineWidth 0: long strings (descriptions, raw config lines) are never folded onto several lines.
  return `# yaml-language-server: $schema=${schemaUrl}\n${stringify(body, { lineWidth: 0 })}`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A file's body, or what is wrong with it and on which line. The API checks the rest. */
export function parseExperimentFile(text: string): ParsedFile {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  const problem = doc.errors[0];
  if (problem) {
    const line = problem instanceof YAMLParseError ? text.slice(0, problem.pos[0]).split("\n").length : undefined;
    return { ok: false, error: problem.message.split("\n")[0], line };
  }
  const value: unknown = doc.toJS();
  if (!isObject(value)) return { ok: false, error: "the file must hold an experiment: name, description, tags and spec" };
  const { $schema: _schema, name, description = "", tags = [], spec, ...rest } = value;
  const unknown = Object.keys(rest);
  if (unknown.length) return { ok: false, error: `unknown field${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")} (expected name, description, tags, spec)` };
  if (typeof name !== "string" || !name.trim()) return { ok: false, error: "name: a non-empty text is required" };
  if (typeof description !== "string") return { ok: false, error: "description: must be text" };
  if (!Array.isArray(tags) || !tags.every((t) => typeof t === "string")) return { ok: false, error: "tags: must be a list of texts" };
  if (!isObject(spec)) return { ok: false, error: "spec: the experiment's spec (proxy, target, load ...) is required" };
  return { ok: true, body: { name, description, tags, spec } };
}
