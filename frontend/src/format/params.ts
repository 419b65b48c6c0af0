// A run's sweep point ({"proxy.global.nbthread": 1, "proxy.global.cpu_map.0": "1/all 0-1"}) as
// people read it: "nbthread=1, cpu-map=1/all 0-1". Each path is named by its last word that is
// not a list index (HAProxy's own spelling, with dashes, for proxy.* settings); an index other
// than the first is kept ("cpu-map[1]"); two paths that would read the same keep their full path.
import { valueText } from "./text";

function shortName(path: string): string {
  const parts = path.split(".");
  let end = parts.length;
  while (end > 1 && /^\d+$/.test(parts[end - 1])) end--;
  const index = parts.slice(end).find((p) => p !== "0");
  const word = parts[end - 1];
  const name = parts[0] === "proxy" ? word.replace(/_/g, "-") : word;
  return index ? `${name}[${index}]` : name;
}

/** [name, value] pairs of a sweep point, in its order. */
export function paramEntries(params: Record<string, unknown>): [string, string][] {
  const paths = Object.keys(params);
  const names = paths.map(shortName);
  return paths.map((path, i) => [names.indexOf(names[i]) === names.lastIndexOf(names[i]) ? names[i] : path, valueText(params[path], "null")]);
}

/** "nbthread=1, cpu-map=1/all 0-1"; empty for a run without a sweep. */
export function paramsText(params: Record<string, unknown>): string {
  return paramEntries(params)
    .map(([name, value]) => `${name}=${value}`)
    .join(", ");
}
