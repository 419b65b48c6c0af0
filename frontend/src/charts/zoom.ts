// Drag to zoom on a time axis: the selection's two ends become the visible range, and only the
// rows inside it are drawn, so the y axis rescales to what is visible.
export type XRange = { from: number; to: number };

/** The range between two dragged x values, in order; null for a click (no width) or a drag that
 * started or ended outside the data. */
export function zoomRange(a: unknown, b: unknown): XRange | null {
  const x1 = Number(a);
  const x2 = Number(b);
  if (a == null || b == null || !Number.isFinite(x1) || !Number.isFinite(x2) || x1 === x2) return null;
  return { from: Math.min(x1, x2), to: Math.max(x1, x2) };
}

export function rowsInRange<R extends { t: number }>(rows: readonly R[], range: XRange | null): readonly R[] {
  return range ? rows.filter((r) => r.t >= range.from && r.t <= range.to) : rows;
}
