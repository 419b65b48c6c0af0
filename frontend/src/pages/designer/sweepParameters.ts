// The parameters a sweep can vary, for the sweep picker: read from the spec's JSON Schema (the
// pydantic models of contract/, through src/client/schemas.gen.ts), walked along the spec being
// edited so every path exists in it (contract/sweep.py's apply_path refuses a path that leads
// nowhere: a backend that is not there, a TLS block that is off). No second list of paths.
//
// Listed: numbers, booleans and closed sets of values (enums) of proxy, target and load, for each
// section and server the spec has, and with `*` for every element of a list of two or more; free
// text only for the load's request (its path or body: seed 003 sweeps the path).
// Not listed: lists (raw lines, options), names and other patterned identifiers, other free text
// (addresses, endpoint paths: other settings refer to them), and the `kind` that picks a union's
// branch. "Other path…" in the picker still reaches anything the API takes.
import { valueText } from "../../format/text";
import { branches, infoOf, schemaNamed, type FieldInfo, type SchemaNode } from "./schemaHelp";
import { getIn } from "./specPath";
import type { Scalar } from "./sweepValues";

// contract/sweep.py SWEEPABLE_ROOTS: only these parts of a spec can be swept.
const SWEEPABLE_ROOTS = ["proxy", "target", "load"] as const;

export type SweepParameter = {
  /** The sweep path, e.g. proxy.backends.0.http_reuse or proxy.backends.*.http_reuse. */
  path: string;
  /** Where it belongs, for the picker's option groups: "HAProxy global", "backend be", "load". */
  group: string;
  /** A short name for people: "maxconn", "timeout connect (ms)", "duration (s)". */
  label: string;
  type: "integer" | "number" | "boolean" | "enum" | "text";
  /** The values an enum allows (null excluded: it means "not set"). */
  choices?: Scalar[];
  minimum?: number;
  maximum?: number;
  description?: string;
  /** The value the spec has now, or the schema's default. */
  current?: Scalar;
};

type Walk = { spec: Record<string, unknown>; out: SweepParameter[] };

export function sweepableParameters(spec: Record<string, unknown>): SweepParameter[] {
  const root = schemaNamed("ExperimentSpec");
  const walk: Walk = { spec, out: [] };
  for (const name of SWEEPABLE_ROOTS) visit(walk, root?.properties?.[name], [name], spec[name]);
  return walk.out;
}

function visit(walk: Walk, node: SchemaNode | undefined, path: string[], value: unknown): void {
  if (!node) return;
  const alts = branches(node);
  const nullable = alts.some((b) => b.type === "null");
  const objects = alts.filter((b) => b.properties);
  if (objects.length > 0) {
    const present = value != null && typeof value === "object";
    // A nullable block that is not there (TLS off, no health check) has nothing to sweep; a
    // missing one that is not nullable exists with its defaults.
    if (!present && (nullable || value === null)) return;
    const fields = (present ? value : {}) as Record<string, unknown>;
    const chosen = objects.length === 1 ? objects[0] : objects.find((o) => branches(o.properties?.kind)[0]?.const === fields.kind);
    for (const [key, sub] of Object.entries(chosen?.properties ?? {})) visit(walk, sub, [...path, key], fields[key]);
    return;
  }
  const list = alts.find((b) => b.type === "array");
  if (list) {
    const items = branches(list.items);
    if (!items.some((b) => b.properties) || !Array.isArray(value)) return; // a list of scalars
    value.forEach((element, i) => visit(walk, list.items, [...path, String(i)], element));
    if (value.length > 1) visit(walk, list.items, [...path, "*"], value[0]);
    return;
  }
  if (alts.some((b) => b.type === "object")) return; // a map (headers): its keys are the user's
  const parameter = leaf(walk.spec, infoOf(node), path, value);
  if (parameter) walk.out.push(parameter);
}

function leaf(spec: Record<string, unknown>, info: FieldInfo, path: string[], value: unknown): SweepParameter | null {
  const choices = info.enum?.filter((v): v is Scalar => v !== null && typeof v !== "object");
  const fixed = choices?.length === 1 && !info.nullable; // a union's `kind`: one value, nothing to vary
  if (fixed) return null;
  const type =
    choices && choices.length > 0
      ? "enum"
      : info.type === "integer" || info.type === "number" || info.type === "boolean"
        ? info.type
        : info.type === "string" && !info.pattern && path[0] === "load"
          ? "text"
          : null;
  if (!type) return null;
  const current = (value ?? info.default) as Scalar | undefined;
  const { group, label } = placeOf(spec, path);
  return {
    path: path.join("."),
    group,
    label,
    type,
    // A nullable single value (a server's proto h2) sweeps as "not set" vs that value.
    choices: choices && choices.length === 1 ? [null, ...choices] : choices,
    minimum: info.minimum,
    maximum: info.maximum,
    description: info.description,
    current: current === undefined ? undefined : current,
  };
}

const SECTION_KIND: Record<string, string> = { frontends: "frontend", backends: "backend", listens: "listen" };

/** The option group and the plain label of a path. */
export function placeOf(spec: unknown, path: string[]): { group: string; label: string } {
  const [root, section, index, ...rest] = path;
  if (root === "target" && section === "endpoints") {
    const endpoint = index === "*" ? "every endpoint" : `endpoint ${valueText(getIn(spec, `target.endpoints.${index}.path`), index)}`;
    return { group: root, label: `${endpoint} ${plainLabel(rest, " ")}` };
  }
  if (root !== "proxy") return { group: root, label: plainLabel(path.slice(1), " ") };
  if (section === "global" || section === "defaults") return { group: `HAProxy ${section}`, label: plainLabel(path.slice(2), "-") };
  const kind = SECTION_KIND[section] ?? section;
  const name = index === "*" ? null : valueText(getIn(spec, `proxy.${section}.${index}.name`), index);
  const owner = name == null ? `every ${kind}` : `${kind} ${name}`;
  if (rest[0] === "target_servers") return { group: `servers of ${owner}`, label: plainLabel(["t1..tN", ...rest.slice(1)], "-") };
  if (rest[0] === "servers") {
    const server = rest[1] === "*" ? "every server" : `server ${valueText(getIn(spec, `proxy.${section}.${index}.servers.${rest[1]}.name`), rest[1])}`;
    return { group: `servers of ${owner}`, label: plainLabel([server, ...rest.slice(2)], "-") };
  }
  return { group: owner, label: plainLabel(rest, "-") };
}

const UNIT_SUFFIX: [RegExp, string][] = [
  [/_ms$/, " (ms)"],
  [/_s$/, " (s)"],
  [/_bytes$/, " (bytes)"],
];

/**
 * "timeouts.http_keep_alive" -> "timeout http-keep-alive (ms)", "duration_s" -> "duration (s)".
 * HAProxy settings keep HAProxy's hyphens; load and target read as words.
 */
function plainLabel(parts: string[], joiner: "-" | " "): string {
  let unit = "";
  const words = parts.map((part, i) => {
    if (part === "timeouts") {
      unit = " (ms)"; // contract/haproxy/timeouts.py: every timeout is in milliseconds
      return "timeout";
    }
    let word = part.replace(/^tune_/, "tune."); // HAProxy's tune.bufsize
    if (i === parts.length - 1) {
      for (const [suffix, text] of UNIT_SUFFIX) {
        if (suffix.test(word)) {
          word = word.replace(suffix, "");
          unit = text;
        }
      }
    }
    return word.replaceAll("_", joiner);
  });
  return words.join(" ") + unit;
}

/** "whole number, 1 to 64", "one of never, safe, aggressive, always", "yes or no". */
export function kindText(p: Pick<SweepParameter, "type" | "choices" | "minimum" | "maximum">): string {
  if (p.type === "enum") return `one of ${(p.choices ?? []).map((c) => (c === null ? "not set" : String(c))).join(", ")}`;
  if (p.type === "boolean") return "yes or no";
  if (p.type === "text") return "text";
  const what = p.type === "integer" ? "whole number" : "number";
  if (p.minimum != null && p.maximum != null) return `${what}, ${p.minimum} to ${p.maximum}`;
  if (p.minimum != null) return `${what}, at least ${p.minimum}`;
  if (p.maximum != null) return `${what}, at most ${p.maximum}`;
  return what;
}

/** The groups in the order the picker shows them (HAProxy, then load, then target). */
export function groupParameters(parameters: SweepParameter[]): [string, SweepParameter[]][] {
  const groups = new Map<string, SweepParameter[]>();
  for (const p of parameters) groups.set(p.group, [...(groups.get(p.group) ?? []), p]);
  const rank = (group: string) => (group === "load" ? 2 : group === "target" ? 3 : 1);
  return [...groups.entries()].sort((a, b) => rank(a[0]) - rank(b[0]));
}

export type ProposalContext = {
  /** The load's client connections: connection limits are proposed around it. */
  connections?: number;
  /** CPU cores of the chosen lab's proxy host: nbthread is proposed as 1..cores. */
  cores?: number;
};

const PROPOSED_COUNT = 5;

/**
 * Values worth sweeping for a parameter: every choice of an enum, both booleans, 1..cores for
 * nbthread, five steps from 0.4x to 2x the load's connections for a connection limit (the knee
 * of a maxconn sweep sits near the client count), and x1/4 .. x4 around the current value for
 * other numbers (a log-spread over the bounds when there is none). Always within the bounds.
 */
export function proposeValues(p: SweepParameter, ctx: ProposalContext = {}): Scalar[] {
  if (p.type === "enum") return p.choices ?? [];
  if (p.type === "boolean") return [true, false];
  if (p.type === "text") return p.current != null ? [p.current] : [];
  const name = p.path.split(".").pop() ?? "";
  const current = typeof p.current === "number" ? p.current : undefined;
  let values: number[];
  if (name === "nbthread") {
    values = Array.from({ length: Math.max(1, ctx.cores ?? 4) }, (_, i) => i + 1);
  } else if (/conn(ections)?$/.test(name) && (ctx.connections ?? current)) {
    const step = niceStep(0.4 * (ctx.connections ?? current ?? 1));
    values = Array.from({ length: PROPOSED_COUNT }, (_, i) => step * (i + 1));
  } else if (current != null && current > 0) {
    values = [0.25, 0.5, 1, 2, 4].map((f) => current * f);
  } else {
    const low = Math.max(p.minimum ?? 1, 1);
    const high = Math.min(p.maximum ?? low * 1e4, low * 1e4);
    values = Array.from({ length: PROPOSED_COUNT }, (_, i) => low * (high / low) ** (i / (PROPOSED_COUNT - 1)));
  }
  const rounded = values
    .map((v) => (p.type === "integer" ? Math.round(roundSignificant(v)) : roundSignificant(v)))
    .filter((v) => (p.minimum == null || v >= p.minimum) && (p.maximum == null || v <= p.maximum));
  return [...new Set(rounded)].sort((a, b) => a - b);
}

/** The nearest of 1, 2, 2.5, 5 x 10^k at or above `x`, so steps read 20, 40, 60 and not 19, 38, 57. */
function niceStep(x: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(x, 1)));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * magnitude >= x) ?? 10;
  return Math.max(1, Math.round(step * magnitude));
}

function roundSignificant(v: number): number {
  if (v === 0) return 0;
  const magnitude = 10 ** (Math.floor(Math.log10(Math.abs(v))) - 1);
  return Number((Math.round(v / magnitude) * magnitude).toPrecision(12)); // no 0.30000000000000004
}
