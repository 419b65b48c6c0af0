// Which of the run's charts do not apply, and why: a chart that cannot show anything for this run
// is folded to one line saying so instead of an empty or flat frame. Pure, so the page and its
// tests share it.
//
// Two kinds of reasons:
// - known from the spec before any sample (they hold while the run is live too): a load sent
//   straight to the target (load.via "direct") never passes HAProxy, so none of HAProxy's charts
//   has anything to draw; a proxy whose every frontend and listen section is in TCP mode parses no
//   HTTP, so it counts no requests or 2xx replies (its sessions are on the sessions chart);
// - known from the samples once the run ended: an errors chart with every counter at 0 in every
//   second is "no errors" (never while live: an error in the next second would make the page jump).
import type { ExperimentSpec } from "../../client/types.gen";
import { LIVE_CHARTS, type LiveRow } from "./liveSeries";

export type ChartId = keyof typeof LIVE_CHARTS | "cpu" | "network";

/** HAProxy's charts: a direct run has none of them. */
export const PROXY_CHARTS: readonly ChartId[] = ["rps", "errors", "latency", "sessions", "connects"];

export type ChartFolds = {
  /** Set when the run went past HAProxy: every chart of PROXY_CHARTS folds under this one reason. */
  direct: string | null;
  /** One reason per other folded chart. */
  folded: Partial<Record<ChartId, string>>;
};

type Modes = Pick<ExperimentSpec, "load"> & {
  proxy: { defaults?: { mode?: string | null } | null; frontends?: { mode?: string | null }[]; listens?: { mode?: string | null }[] };
};

/** Every entry point of the proxy (frontends and listens) forwards TCP: it counts no HTTP requests. */
export function tcpOnly(spec: Modes): boolean {
  const fallback = spec.proxy.defaults?.mode ?? "http";
  const entries = [...(spec.proxy.frontends ?? []), ...(spec.proxy.listens ?? [])];
  return entries.length > 0 && entries.every((e) => (e.mode ?? fallback) === "tcp");
}

/** Whether every one of `keys` is 0 or missing in every row (and there is at least one row). */
export function allZero(rows: readonly LiveRow[], keys: readonly string[]): boolean {
  return rows.length > 0 && rows.every((row) => keys.every((k) => !row[k]));
}

export function chartFolds(spec: Modes, rows: readonly LiveRow[], finished: boolean, clientErrors: number | null): ChartFolds {
  if (spec.load.via === "direct") {
    return {
      direct: "This run sent its load straight to the target (load.via: direct), past HAProxy: HAProxy carried none of it, so its requests, errors, latency, sessions and connects charts have nothing to show. The hosts' CPU and network are below.",
      folded: {},
    };
  }
  const folded: ChartFolds["folded"] = {};
  if (tcpOnly(spec)) {
    folded.rps =
      "Not drawn: every entry point of this proxy is in TCP mode (mode tcp), where HAProxy parses no HTTP and counts no requests or 2xx replies. Its client sessions are on the sessions chart.";
  }
  if (finished && allZero(rows, LIVE_CHARTS.errors)) {
    const seconds = `${rows.length} second${rows.length === 1 ? "" : "s"} sampled`;
    folded.errors = clientErrors
      ? `None at HAProxy: every error counter stayed at 0 in each of the ${seconds}. The clients counted ${clientErrors.toLocaleString("en-US")} failed request${clientErrors === 1 ? "" : "s"} (Errors, in the summary) that HAProxy did not see as errors: for example connections it never accepted, or clients that gave up before a reply.`
      : `No errors: every error counter stayed at 0 in each of the ${seconds}.`;
  }
  return { direct: null, folded };
}
