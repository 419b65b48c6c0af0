// Horizontal reference lines (e.g. the client's p50 and p99 over HAProxy's averages) whose labels
// never sit on top of each other, however close the lines: the highest line's label goes above
// it, the lowest's below it, any others on the left, alternating above and below.
export type ReferenceMark = { y: number; label: string };

/** Recharts' label positions for a zero-height box (a horizontal line): "insideBottom*" puts the
 * text above the line, "insideTop*" below it. */
export type ReferenceLabelPosition = "insideBottomRight" | "insideTopRight" | "insideBottomLeft" | "insideTopLeft";

export function placeReferenceLabels(marks: readonly ReferenceMark[]): (ReferenceMark & { position: ReferenceLabelPosition })[] {
  const sorted = [...marks].sort((a, b) => a.y - b.y);
  return sorted.map((mark, i) => {
    let position: ReferenceLabelPosition;
    if (i === sorted.length - 1) position = "insideBottomRight";
    else if (i === 0) position = "insideTopRight";
    else position = i % 2 ? "insideBottomLeft" : "insideTopLeft";
    return { ...mark, position };
  });
}
