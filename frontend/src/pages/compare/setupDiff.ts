// What differs between the compared runs' setups: the spec settings whose values differ (from
// POST /runs/compare/setups, one value per run) grouped by value, and a line diff of two
// rendered HAProxy configs. Pure, so the page and its tests share it.
import type { CompareSetups, SpecDifference } from "../../client/types.gen";
import { naturalCompare } from "../../charts/naturalSort";

/** A setting's value as people read it: strings bare, the rest as JSON; "—" where a run has none. */
export function settingText(value: unknown): string {
  if (value === null || value === undefined) return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

export type ValueGroup = { text: string; runIds: number[]; isBaseline: boolean };

export type SettingDiff = {
  path: string;
  swept: boolean;
  baseline: string;
  /** Each distinct value with the runs that had it, the baseline's first, then by run count. */
  groups: ValueGroup[];
};

/** The lab is not in the spec, but runs on different labs ran on different machines. */
export function labDifference(setups: CompareSetups): SpecDifference | null {
  const labs = setups.runs.map((r) => r.lab_name ?? null);
  return new Set(labs).size > 1 ? { path: "lab", values: labs, swept: false } : null;
}

export function settingDiffs(setups: CompareSetups, baseline: number): SettingDiff[] {
  const ids = setups.runs.map((r) => r.run_id);
  const lab = labDifference(setups);
  const differences = lab ? [lab, ...setups.differences] : setups.differences;
  const diffs = differences.map((d) => {
    const byText = new Map<string, number[]>();
    d.values.forEach((v, i) => {
      const text = settingText(v);
      byText.set(text, [...(byText.get(text) ?? []), ids[i]]);
    });
    const baseText = settingText(d.values[Math.max(0, ids.indexOf(baseline))]);
    const groups = [...byText.entries()]
      .map(([text, runIds]) => ({ text, runIds, isBaseline: text === baseText }))
      .sort((a, b) => Number(b.isBaseline) - Number(a.isBaseline) || b.runIds.length - a.runIds.length || naturalCompare(a.text, b.text));
    return { path: d.path, swept: d.swept, baseline: baseText, groups };
  });
  // What was not swept comes first: it is what the sweep does not explain.
  return diffs.sort((a, b) => Number(a.swept) - Number(b.swept));
}

/** "load.connections 20 vs 50": one line per unswept difference, for under the page's title. */
export function differenceHeadline(diff: SettingDiff, maxValues = 3): string {
  const values = diff.groups.map((g) => g.text);
  const shown = values.slice(0, maxValues).join(" vs ");
  return `${diff.path} ${shown}${values.length > maxValues ? ` (and ${values.length - maxValues} more)` : ""}`;
}

export type DiffLine =
  | { kind: "same" | "removed" | "added"; text: string; oldNo?: number; newNo?: number }
  | { kind: "skipped"; count: number };

/**
 * Line diff of `before` (the baseline's config) and `after` by longest common subsequence:
 * configs are a few hundred lines, so the O(n·m) table is a few ten thousand cells. Unchanged
 * stretches longer than 2·context lines collapse to a "skipped" marker.
 */
export function lineDiff(before: string, after: string, context = 3): DiffLine[] {
  const a = before.split("\n");
  const b = after.split("\n");
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      lines.push({ kind: "same", text: a[i], oldNo: i + 1, newNo: j + 1 });
      i++;
      j++;
    } else if (i < n && (j === m || lcs[i + 1][j] >= lcs[i][j + 1])) {
      lines.push({ kind: "removed", text: a[i], oldNo: i + 1 });
      i++;
    } else {
      lines.push({ kind: "added", text: b[j], newNo: j + 1 });
      j++;
    }
  }
  return collapse(lines, context);
}

function collapse(lines: DiffLine[], context: number): DiffLine[] {
  const out: DiffLine[] = [];
  let k = 0;
  while (k < lines.length) {
    if (lines[k].kind !== "same") {
      out.push(lines[k++]);
      continue;
    }
    let end = k;
    while (end < lines.length && lines[end].kind === "same") end++;
    const keepHead = k === 0 ? 0 : context;
    const keepTail = end === lines.length ? 0 : context;
    if (end - k > keepHead + keepTail) {
      out.push(...lines.slice(k, k + keepHead), { kind: "skipped", count: end - k - keepHead - keepTail }, ...lines.slice(end - keepTail, end));
    } else out.push(...lines.slice(k, end));
    k = end;
  }
  return out;
}

export function diffCounts(lines: readonly DiffLine[]): { added: number; removed: number } {
  return {
    added: lines.filter((l) => l.kind === "added").length,
    removed: lines.filter((l) => l.kind === "removed").length,
  };
}
