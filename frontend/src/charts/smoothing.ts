// The optional "5 s average" drawn next to a per-second series: a trailing moving average over
// the seconds (t - window, t], so a live chart's newest point never changes once drawn. At the
// start it averages the seconds it has (a shorter window); missing seconds (null) are skipped,
// and a point whose whole window is missing stays missing rather than becoming a made-up zero.
export const SMOOTH_WINDOW_S = 5;

/** The key of `key`'s smoothed column in the rows movingAverage returns. */
export const smoothedKey = (key: string) => `${key}~avg`;

type Row = { t: number } & Record<string, unknown>;

/**
 * Copies of `rows` (ascending t, seconds) with a `smoothedKey(key)` column per key. Windows are
 * by time, not by row count, so a gap in the data does not stretch the window.
 */
export function movingAverage<R extends Row>(rows: readonly R[], keys: readonly string[], windowS = SMOOTH_WINDOW_S): (R & Record<string, number | null>)[] {
  const out = rows.map((r) => ({ ...r }) as R & Record<string, number | null>);
  for (const key of keys) {
    let start = 0;
    let sum = 0;
    let count = 0;
    for (let i = 0; i < rows.length; i++) {
      const v = rows[i][key];
      if (typeof v === "number" && Number.isFinite(v)) {
        sum += v;
        count++;
      }
      // Drop what fell out of (t - window, t].
      while (rows[start].t <= rows[i].t - windowS) {
        const old = rows[start][key];
        if (typeof old === "number" && Number.isFinite(old)) {
          sum -= old;
          count--;
        }
        start++;
      }
      (out[i] as Record<string, number | null>)[smoothedKey(key)] = count > 0 ? sum / count : null;
    }
  }
  return out;
}
