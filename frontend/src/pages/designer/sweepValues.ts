// Parse what a person types as sweep values: a list ("20, 40, 60", "never safe always",
// "true false") or a range ("20..100 step 20", "1..4"). Values become numbers, booleans or null
// when they read as such, else strings, matching the JSON scalars the API expects.

export type Scalar = string | number | boolean | null;
export type Parsed = { values: Scalar[] } | { error: string };

const MAX_VALUES = 100;

function scalar(token: string): Scalar {
  if (token === "true") return true;
  if (token === "false") return false;
  if (token === "null" || token === "none") return null;
  if (/^-?\d+(\.\d+)?$/.test(token)) return Number(token);
  return token;
}

export function parseSweepValues(text: string): Parsed {
  const trimmed = text.trim();
  if (!trimmed) return { error: "enter values, e.g. 20, 40, 60 or 20..100 step 20" };
  const range = /^(-?\d+(?:\.\d+)?)\s*\.\.\s*(-?\d+(?:\.\d+)?)(?:\s+step\s+(\d+(?:\.\d+)?))?$/.exec(trimmed);
  if (range) {
    const [from, to, step] = [Number(range[1]), Number(range[2]), range[3] ? Number(range[3]) : 1];
    if (step <= 0) return { error: "the step must be positive" };
    if (to < from) return { error: "a range goes up: from..to with from <= to" };
    const count = Math.floor((to - from) / step + 1e-9) + 1;
    if (count > MAX_VALUES) return { error: `${count} values; at most ${MAX_VALUES} per axis` };
    // Round to the step's decimals so 0.1 steps do not print as 0.30000000000000004.
    const decimals = (String(step).split(".")[1] ?? "").length;
    return { values: Array.from({ length: count }, (_, i) => Number((from + i * step).toFixed(decimals))) };
  }
  const values = trimmed.split(/[\s,]+/).filter(Boolean).map(scalar);
  if (values.length > MAX_VALUES) return { error: `${values.length} values; at most ${MAX_VALUES} per axis` };
  const seen = new Set<string>();
  for (const v of values) {
    const id = `${typeof v}:${String(v)}`;
    if (seen.has(id)) return { error: `${String(v)} appears twice` };
    seen.add(id);
  }
  return { values };
}

export function formatSweepValues(values: Scalar[]): string {
  return values.map((v) => (v === null ? "null" : String(v))).join(", ");
}
