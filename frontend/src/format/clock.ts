// An agent's clock against the API's (contract/clock.py: the best of several four-timestamp
// exchanges), as people read it. offset_ms is the API's clock minus the agent's: negative means the
// agent's clock is ahead. Beyond ClockBoundMs a run gets the clocks_apart caveat; the pages say so too.
import { ClockBoundMsSchema } from "../client/schemas.gen";
import type { ClockMeasurement } from "../client/types.gen";

export const CLOCK_BOUND_MS: number = ClockBoundMsSchema.const;

function ms(value: number): string {
  return `${Math.abs(value) < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;
}

/** "200 ms ahead of the API's (±0.4 ms)", or "in step with the API's (0.3 ms, ±0.4 ms)" within the bound. */
export function clockText(clock: ClockMeasurement): string {
  const within = `±${ms(clock.round_trip_ms / 2)}`;
  if (Math.abs(clock.offset_ms) <= CLOCK_BOUND_MS) return `in step with the API's (${ms(Math.abs(clock.offset_ms))} off, ${within})`;
  return `${ms(Math.abs(clock.offset_ms))} ${clock.offset_ms < 0 ? "ahead of" : "behind"} the API's (${within})`;
}

/** The plain sentence shown when an agent's clock is further off than the bound, else null. */
export function clockWarning(agent: string, clock: ClockMeasurement | null | undefined): string | null {
  if (!clock || Math.abs(clock.offset_ms) <= CLOCK_BOUND_MS) return null;
  const side = clock.offset_ms < 0 ? "ahead of" : "behind";
  return (
    `${agent}'s clock is ${ms(Math.abs(clock.offset_ms))} ${side} the API's, more than the ${ms(CLOCK_BOUND_MS)} runs tolerate: ` +
    "its start and samples are corrected by the measured offset, but a host this far off is not keeping time (is NTP running?), " +
    "so its runs carry a caveat until its clock is synchronised."
  );
}
