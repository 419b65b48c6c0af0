// A spec value as people read it: the designer edits free JSON paths, whose leaves are scalars
// but whose type says `unknown`. Objects (never expected there) show as JSON, not "[object Object]".

export function valueText(value: unknown, empty = ""): string {
  if (value === null || value === undefined) return empty;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return JSON.stringify(value) ?? empty;
}
