// Quantities in the unit a person reads best: 816 B/s, 12.3 kB/s, 22.5 MB/s (decimal, as network
// people count), never "0 MB/s" for a few hundred bytes.

const num = (v: number, digits: number) => v.toLocaleString("en-US", { maximumFractionDigits: digits });

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
