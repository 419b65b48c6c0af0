// Quantities in the unit a person reads best: 816 B/s, 12.3 kB/s, 22.5 MB/s (decimal, as network
// people count), never "0 MB/s" for a few hundred bytes.

// One Intl.NumberFormat per digit count: toLocaleString builds a new one on every call, which
// cost ~50 ms on the Compare page's 50-run table and chart ticks (docs/benchmarks.md).
const formats = new Map<number, Intl.NumberFormat>();

/** A number with thousands separators and at most `digits` decimals: 12,345.67. A half rounds
 * away from zero on the number as written (55.25 is 55.3), as the API's sentences do
 * (contract/numbers.py): a sentence and the figure beside it read the same digits. */
export function decimal(v: number, digits: number): string {
  let format = formats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { maximumFractionDigits: digits });
    formats.set(digits, format);
  }
  return format.format(v);
}

const num = decimal;

const STEPS: [number, string][] = [
  [1e9, "GB"],
  [1e6, "MB"],
  [1e3, "kB"],
];

/** Bytes per second in B/s, kB/s, MB/s or GB/s, with up to 2 decimals. */
export function bytesPerSecond(value: number): string {
  const abs = Math.abs(value);
  for (const [scale, unit] of STEPS) if (abs >= scale) return `${num(value / scale, 2)} ${unit}/s`;
  return `${num(value, 0)} B/s`;
}

/** Bits on the wire: "180 Mbit/s" for bytes per second. */
export function bitsPerSecond(bytes: number): string {
  const bits = bytes * 8;
  if (Math.abs(bits) >= 1e9) return `${num(bits / 1e9, 2)} Gbit/s`;
  if (Math.abs(bits) >= 1e6) return `${num(bits / 1e6, 1)} Mbit/s`;
  if (Math.abs(bits) >= 1e3) return `${num(bits / 1e3, 1)} kbit/s`;
  return `${num(bits, 0)} bit/s`;
}

/** A duration given in milliseconds, in the unit that reads best: "0.45 ms", "500 ms", "1.5 s",
 * "2.5 min". Axis ticks use it, so a latency axis reads 500 ms, 1 s, 1.5 s (never "0500ms"). */
export function durationMs(ms: number): string {
  const abs = Math.abs(ms);
  if (abs >= 60_000) return `${num(ms / 60_000, 1)} min`;
  if (abs >= 1000) return `${num(ms / 1000, 2)} s`;
  return `${num(ms, abs < 10 ? 2 : 0)} ms`;
}

/** A count or rate without its unit, short: 950, 1.2k, 3.4M (an axis' unit is in its label). */
export function compactNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${num(value / 1e9, 1)}G`;
  if (abs >= 1e6) return `${num(value / 1e6, 1)}M`;
  if (abs >= 1e4) return `${num(value / 1e3, 0)}k`;
  if (abs >= 1e3) return `${num(value / 1e3, 1)}k`;
  return num(value, abs < 10 ? 2 : 0);
}

/** A value with its registry unit (contract/metrics.py: "ms", "s", "B/s", "%", "req/s", "/s", ""):
 * time and bytes switch scale themselves, the others get a compact number and the unit. */
export function quantity(value: number, unit: string): string {
  if (unit === "ms") return durationMs(value);
  if (unit === "s") return durationMs(value * 1000);
  if (unit === "B/s") return bytesPerSecond(value);
  if (unit === "%") return `${num(value, 1)}%`;
  return unit ? `${compactNumber(value)} ${unit}` : compactNumber(value);
}

/** An axis tick: like `quantity` but without a unit the axis' label already carries. Time,
 * bytes and percentages keep theirs, since the scale can change along the axis. */
export function axisTick(value: number, unit: string): string {
  return ["ms", "s", "B/s", "%"].includes(unit) ? quantity(value, unit) : compactNumber(value);
}
