// The pure parts of the import page: how a report's fates are named, counted, summed up in one
// line and filtered, and the original text laid out line by line with each line's fate (the report
// lists every non-blank line; blank lines are shown plain).
import type { ImportReport, LineFate } from "../../client/types.gen";

export type Fate = LineFate["fate"];

/** Every fate in the order a reader cares about: what came along, then what did not. */
export const FATES: readonly Fate[] = ["modelled", "kept", "mapped", "refused", "not_imported", "skipped"];

/** The fate as people say it. */
export const FATE_LABEL: Record<Fate, string> = {
  modelled: "modelled",
  kept: "kept",
  mapped: "mapped",
  refused: "refused",
  not_imported: "not imported",
  skipped: "skipped",
};

/** The fate in a few words, for the legend. */
export const FATE_MEANING: Record<Fate, string> = {
  modelled: "a field of the spec",
  kept: "a raw line, checked",
  mapped: "replaced by the lab's equivalent",
  refused: "left out, with why",
  not_imported: "the spec cannot hold it",
  skipped: "comments, false .if",
};

/** The badge's colour class (styles.css): refused is the danger colour, not imported a warning. */
export const FATE_TONE: Record<Fate, string> = {
  modelled: "ok",
  kept: "",
  mapped: "info",
  refused: "bad",
  not_imported: "warn",
  skipped: "skip",
};

/** How many lines met each fate (from the lines themselves, so the summary and the list agree). */
export function fateCounts(lines: readonly LineFate[]): Record<Fate, number> {
  const counts = Object.fromEntries(FATES.map((f) => [f, 0])) as Record<Fate, number>;
  for (const l of lines) counts[l.fate] += 1;
  return counts;
}

export type SummaryPart = { fate: Fate; count: number; text: string };

/**
 * The summary line's parts: "42 lines" then each fate met ("20 modelled", "7 refused" ...), in
 * FATES order. Refused is always said, even at 0: "nothing refused" is part of the answer.
 */
export function summaryParts(lines: readonly LineFate[]): { total: string; parts: SummaryPart[] } {
  const counts = fateCounts(lines);
  const parts = FATES.filter((f) => counts[f] > 0 || f === "refused").map((fate) => ({ fate, count: counts[fate], text: `${counts[fate]} ${FATE_LABEL[fate]}` }));
  return { total: `${lines.length} line${lines.length === 1 ? "" : "s"}`, parts };
}

/** The summary as one sentence ("42 lines: 20 modelled, 10 kept, 7 refused"). */
export function summaryText(lines: readonly LineFate[]): string {
  const { total, parts } = summaryParts(lines);
  return `${total}: ${parts.map((p) => p.text).join(", ")}`;
}

/** What the line list shows: every line, or only the lines of one fate. */
export type FateFilter = "all" | Fate;

/** One line of the original text, with its fate when the report has one (blank lines have none). */
export type OriginalLine = { line: number; text: string; fate: LineFate | null };

/** The original text, line by line (numbered as HAProxy numbers them), each with its fate. */
export function originalLines(text: string, lines: readonly LineFate[]): OriginalLine[] {
  const byNumber = new Map(lines.map((l) => [l.line, l]));
  const rows = text.split(/\r?\n/);
  // A final newline ends the last line; it does not start another one.
  if (rows.length > 1 && rows[rows.length - 1] === "") rows.pop();
  return rows.map((t, i) => ({ line: i + 1, text: t, fate: byNumber.get(i + 1) ?? null }));
}

/** The lines a filter shows: all of them (blank ones too), or only those of one fate. */
export function filterLines(rows: readonly OriginalLine[], filter: FateFilter): OriginalLine[] {
  return filter === "all" ? [...rows] : rows.filter((r) => r.fate?.fate === filter);
}

/** The filters worth offering: All, then each fate some line met, with its count. */
export function filterChoices(lines: readonly LineFate[]): { filter: FateFilter; label: string; count: number }[] {
  const counts = fateCounts(lines);
  return [
    { filter: "all", label: "All", count: lines.length },
    ...FATES.filter((f) => counts[f] > 0).map((f) => ({ filter: f, label: FATE_LABEL[f][0].toUpperCase() + FATE_LABEL[f].slice(1), count: counts[f] })),
  ];
}

/** A file the config names by path whose content can be pasted in (acl ... -f <path>). */
export function pastableFiles(report: ImportReport): NonNullable<ImportReport["files"]> {
  return (report.files ?? []).filter((f) => /pattern file/i.test(f.hint));
}

/** Line numbers as people read them: "line 4", "lines 4, 9". */
export function linesLabel(lines: readonly number[]): string {
  return `line${lines.length === 1 ? "" : "s"} ${lines.join(", ")}`;
}
