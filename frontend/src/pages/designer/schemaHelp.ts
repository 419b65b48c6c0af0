// The help text, allowed values and bounds of a spec field, read from the OpenAPI JSON Schemas
// (src/client/schemas.gen.ts): the pydantic Field descriptions of contract/ are the one source, so the
// designer never repeats them. Paths are spec paths ("proxy.global.maxconn", "load.rate").
import * as schemas from "../../client/schemas.gen";

export type SchemaNode = Node;

type Node = {
  $ref?: string;
  anyOf?: Node[];
  oneOf?: Node[];
  allOf?: Node[];
  properties?: Record<string, Node>;
  items?: Node;
  additionalProperties?: Node | boolean;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  type?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  default?: unknown;
  title?: string;
  pattern?: string;
};

export type FieldInfo = {
  description?: string;
  enum?: unknown[];
  type?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  nullable: boolean;
  /** A string's pattern: identifiers and names have one, free text does not. */
  pattern?: string;
};

const byName = schemas as unknown as Record<string, Node>;

/** A component schema by its OpenAPI name ("ExperimentSpec"). */
export const schemaNamed = (name: string): Node | undefined => byName[`${name}Schema`];

export function deref(node: Node | undefined): Node | undefined {
  let n = node;
  for (let i = 0; n?.$ref && i < 20; i++) n = byName[`${n.$ref.split("/").pop()}Schema`];
  return n;
}

/** The alternatives of a node (anyOf/oneOf/allOf flattened, references resolved). */
export function branches(node: Node | undefined): Node[] {
  const n = deref(node);
  if (!n) return [];
  const alts = n.anyOf ?? n.oneOf ?? n.allOf;
  return alts ? alts.flatMap(branches) : [n];
}

export function child(node: Node | undefined, part: string): Node | undefined {
  for (const b of branches(node)) {
    if (/^(\d+|\*)$/.test(part) && b.items) return b.items; // an index, or a sweep's "*"
    if (b.properties?.[part]) return b.properties[part];
    if (b.additionalProperties && typeof b.additionalProperties === "object") return b.additionalProperties;
  }
  return undefined;
}

/** Resolve a dotted spec path; unknown paths give an empty FieldInfo. */
export function fieldInfo(path: string, root: string = "ExperimentSpecSchema"): FieldInfo {
  let node: Node | undefined = byName[root];
  // HAProxyConfig's `global_` field is spelled "global" in JSON (its alias); the schema uses that.
  for (const part of path.split(".")) node = child(node, part);
  return node ? infoOf(node) : { nullable: false };
}

/** What one schema node says of its field: help, allowed values, type and bounds. */
export function infoOf(node: Node): FieldInfo {
  const alts = branches(node);
  const concrete = alts.filter((b) => b.type !== "null");
  const first = concrete[0] ?? deref(node) ?? {};
  return {
    description: node.description ?? deref(node)?.description,
    enum: first.enum ?? (concrete.every((b) => b.const !== undefined) && concrete.length > 0 ? concrete.map((b) => b.const) : undefined),
    type: first.type,
    minimum: first.minimum ?? first.exclusiveMinimum,
    maximum: first.maximum,
    default: node.default,
    nullable: alts.some((b) => b.type === "null"),
    pattern: first.pattern,
  };
}
