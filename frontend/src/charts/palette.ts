// Colours of chart series. A colour belongs to a run or a series KEY, never to a position in one
// chart's list, so run #12 is the same colour in every chart of a page. Every colour keeps at
// least 3:1 contrast (WCAG's bar for graphics) on the light surface (#ffffff) and the dark one
// (#15181d), so charts need no second palette for the dark theme.
import { sortNatural } from "./naturalSort";

/** Okabe-Ito's colour-blind-safe hues first (blue, vermillion, bluish green, reddish purple),
 * the lighter ones darkened to mid luminance, then Tableau-10 browns, violet, olive and grey. */
export const PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#2F8FD0", "#C98200", "#8F7FD9", "#9C755F", "#7A8C2E", "#8A8F98"] as const;

/** Totals (all requests): the palette's blue, read as neutral. */
export const NEUTRAL = PALETTE[0];
/** Success (2xx) is green, whatever else the chart holds. */
export const SUCCESS = "#3D9A4F";
/** Errors are red; several kinds in one chart get reds and oranges told apart by their dashes too. */
export const ERROR_TONES = ["#E0453A", "#E2662B", "#B83A2E", "#BE3455", "#AA5A3C", "#C0397A", "#9E6B00"] as const;
const ERROR_DASHES = ["", "6 3", "2 2", "8 3 2 3"] as const;

export type SeriesStyle = { color: string; dash?: string };

/**
 * One colour per key, handed out in natural order of the keys (#2 before #11), so the same set
 * of runs gets the same colours on every chart and every visit. Past ten keys colours repeat;
 * the legend and the tooltip name the runs.
 */
export function assignColors(keys: Iterable<string | number>): Map<string, string> {
  const colors = new Map<string, string>();
  sortNatural([...new Set([...keys].map(String))], (k) => k).forEach((key, i) => colors.set(key, PALETTE[i % PALETTE.length]));
  return colors;
}

/** The i-th error kind of a chart: a red or orange tone and, past the tones, a dash pattern. */
export function errorStyle(i: number): SeriesStyle {
  const dash = ERROR_DASHES[Math.floor(i / 2) % ERROR_DASHES.length];
  return { color: ERROR_TONES[i % ERROR_TONES.length], dash: dash || undefined };
}
