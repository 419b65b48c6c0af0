// The designer's capacity search (contract/search.py CapacitySearch): a first search that fits the
// load's tool, and what it would run, in words, beside the form.
import { OPEN_LOOP_DRIVER } from "./loadDriver";
import { NEW_RULE, type Rule } from "./ThresholdsEditor";

export type SearchDraft = {
  vary: "load.rate" | "load.connections";
  objective: Rule[];
  start: number;
  max: number;
  [key: string]: unknown;
};

/** An open loop (vegeta with a rate) searches the rate; a closed loop the connections. */
export function newSearch(load: Record<string, unknown> | undefined): SearchDraft {
  const openLoop = load?.driver === OPEN_LOOP_DRIVER;
  return openLoop
    ? { vary: "load.rate", objective: [{ ...NEW_RULE }], start: 100, max: 10_000 }
    : { vary: "load.connections", objective: [{ ...NEW_RULE }], start: 10, max: 1_000 };
}

/** "Per sweep point: probes of 10 s (after 2 s of warm-up) from 100 req/s, x2 after each pass up
 * to 10,000 req/s, then bisecting to 2%; at most 20 probes." */
export function searchSummary(search: SearchDraft): string {
  const unit = search.vary === "load.rate" ? "req/s" : "connections";
  const probe = (search.probe ?? {}) as { duration_s?: number; warmup_s?: number };
  const growth = typeof search.growth === "number" ? search.growth : 2;
  const precision = typeof search.precision === "number" ? `${+(search.precision * 100).toFixed(2)}%` : typeof search.precision === "string" ? search.precision : "2%";
  const maxProbes = typeof search.max_probes === "number" ? search.max_probes : 20;
  const n = (v: number) => v.toLocaleString("en-US");
  return (
    `Per sweep point: probes of ${probe.duration_s ?? 10} s (after ${probe.warmup_s ?? 2} s of warm-up) from ${n(search.start)} ${unit}, ` +
    `x${growth} after each pass up to ${n(search.max)} ${unit}, then bisecting between the last pass and the first fail to ${precision}; ` +
    `at most ${maxProbes} probes a search.`
  );
}
