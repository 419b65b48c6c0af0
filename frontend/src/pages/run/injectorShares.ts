// One row per injector of a run split across several: what each was asked (its share of the
// profile, contract/injector_split.py, or the whole profile when the spec said so) beside what it
// did. Pure, so the table and its test share it. One injector: nothing to split, no rows.
import type { RunDetail } from "../../client/types.gen";
import { fmtNum } from "../../components/keyFigures";

type Summary = NonNullable<RunDetail["summary"]>;

export type InjectorRow = {
  agent: string;
  /** "8 of 15", or "15 (whole)" when each injector ran the whole profile; "—" when not recorded. */
  connections: string;
  /** Asked req/s of an open loop ("200 req/s"), "closed loop", or "—" when not recorded. */
  askedRate: string;
  weight: string;
  /** What it sent: the open loop's sent count, else the requests it completed or failed. */
  sent: string;
  rate: string;
  successes: string;
  errors: string;
  errorsWarn: boolean;
  p99: string;
};

/** Client connections the whole lab opened: the sum of what each injector was asked; a run
 * recorded before the split (no share kept) had every injector open all of the profile's. */
export function labConnections(summary: Summary | null | undefined, connections: number | undefined): number | undefined {
  const injectors = summary?.injectors ?? [];
  if (injectors.length > 0 && injectors.every((i) => i.asked != null)) return injectors.reduce((n, i) => n + (i.asked?.connections ?? 0), 0);
  return connections == null ? undefined : connections * Math.max(1, injectors.length);
}

export type InjectorTable = {
  caption: string;
  /** "Sent" when every injector kept an open loop's schedule (what it sent), else "Requests". */
  sentLabel: string;
  rows: InjectorRow[];
};

const rateText = (v: number): string => `${fmtNum(v, Number.isInteger(v) ? 0 : 3)} req/s`;

export function injectorTable(summary: Summary | null | undefined, load: { connections?: number }): InjectorTable | null {
  const injectors = summary?.injectors ?? [];
  if (injectors.length < 2) return null;
  const whole = injectors.some((i) => i.asked?.per_injector === "whole");
  const weighted = injectors.some((i) => (i.asked?.weight ?? 1) !== 1);
  const caption = whole
    ? `Each of the ${injectors.length} injectors ran the whole profile (per_injector: whole): the lab sent ${injectors.length} times it`
    : `The profile split across ${injectors.length} injectors${weighted ? " by the lab's weights" : ""}: what each was asked and what it did`;
  const rows = injectors.map((i): InjectorRow => {
    const asked = i.asked ?? null;
    const failed = i.errors?.total ?? 0;
    return {
      agent: i.agent,
      connections: asked == null ? "—" : asked.per_injector === "whole" ? `${fmtNum(asked.connections, 0)} (whole)` : load.connections == null ? fmtNum(asked.connections, 0) : `${fmtNum(asked.connections, 0)} of ${fmtNum(load.connections, 0)}`,
      askedRate: asked == null ? "—" : asked.rate == null ? "closed loop" : rateText(asked.rate),
      weight: asked == null ? "—" : fmtNum(asked.weight, 0),
      sent: fmtNum(i.open_loop?.sent ?? i.requests, 0),
      rate: rateText(i.rps),
      successes: fmtNum(i.successes, 0),
      errors: fmtNum(failed, 0),
      errorsWarn: failed > 0,
      p99: i.latency == null ? "—" : `${fmtNum(i.latency.p99, i.latency.p99 >= 100 ? 0 : 1)} ms`,
    };
  });
  const sentLabel = injectors.every((i) => i.open_loop != null) ? "Sent" : "Requests";
  return { caption, sentLabel, rows };
}
