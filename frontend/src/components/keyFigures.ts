// The figures of a load tool's own kind, grouped for a compact display: SQL (mariadb-slap) and the
// open loop (vegeta's schedule). Throughput and connections are on the run page's clients-vs-HAProxy
// table (pages/run/sides.ts). RunDetail.summary is the typed RunSummary (contract/results.py); a group appears only when
// the run measured what it shows.
import type { LoadTotals, RunSummary } from "../client/types.gen";
import { decimal } from "../format/units";

export type Figure = { label: string; value: string; hint?: string; warn?: boolean; muted?: boolean };
export type FigureGroup = { id: "sql" | "open_loop"; title: string; figures: Figure[] };

export const fmtNum = (v: number, digits = 1): string => decimal(v, digits);

function sqlGroup(summary: RunSummary): FigureGroup | null {
  const sqls = (summary.injectors ?? []).flatMap((i) => (i.sql ? [{ agent: i.agent, sql: i.sql }] : []));
  if (sqls.length === 0) return null;
  const figures: Figure[] = [];
  for (const { agent, sql } of sqls) {
    const prefix = sqls.length > 1 ? `${agent}: ` : "";
    figures.push(
      {
        label: `${prefix}seconds per iteration`,
        value: `${fmtNum(sql.avg_s, 3)} s`,
        hint: `min ${fmtNum(sql.min_s, 3)} s, max ${fmtNum(sql.max_s, 3)} s`,
      },
      { label: `${prefix}queries/s`, value: fmtNum(sql.queries_per_s, 1), hint: "of an average iteration, over the seconds it took" },
      { label: `${prefix}clients × queries each`, value: `${fmtNum(sql.clients, 0)} × ${fmtNum(sql.queries_per_client, 0)}` },
      { label: `${prefix}iterations`, value: fmtNum(sql.iterations, 0) },
    );
  }
  return { id: "sql", title: "SQL (mariadb-slap)", figures };
}

function openLoopGroup(total: LoadTotals): FigureGroup | null {
  const o = total.open_loop;
  if (!o) return null;
  return {
    id: "open_loop",
    title: "Open loop (schedule)",
    figures: [
      { label: "target rate", value: `${fmtNum(o.target_rate, 1)} req/s` },
      {
        // What the tool SENT on its schedule; the headline's achieved rate is what was ANSWERED
        // in the window: two quantities, named apart.
        label: "sent rate",
        value: `${fmtNum(o.send_rate, 1)} req/s`,
        hint: o.target_rate ? `requests sent, ${fmtNum((o.send_rate / o.target_rate) * 100, 1)} % of the schedule's target` : "requests sent",
        warn: o.target_rate > 0 && o.send_rate < o.target_rate * 0.99,
      },
      {
        label: "late sends",
        value: fmtNum(o.late_sends, 0),
        hint: `> ${fmtNum(o.late_threshold_ms, 0)} ms after their slot${o.sent ? `, of ${fmtNum(o.sent, 0)} sent` : ""}`,
        warn: o.late_sends > 0,
      },
      { label: "dropped sends", value: fmtNum(o.dropped_sends, 0), hint: "slots never sent", warn: o.dropped_sends > 0 },
      { label: "worst send lag", value: `${fmtNum(o.max_send_lag_ms, 1)} ms` },
    ],
  };
}

export function keyFigures(summary: RunSummary | null | undefined): FigureGroup[] {
  if (!summary) return [];
  const groups = [sqlGroup(summary), openLoopGroup(summary.total)].filter((g): g is FigureGroup => g !== null);
  if (!summary.completeness?.too_short) return groups;
  // A window far shorter than asked measured too little: greyed, and said (as the headline does).
  return groups.map((g) => ({
    ...g,
    title: `${g.title}: too short to measure`,
    figures: g.figures.map((f) => ({ ...f, warn: false, muted: true })),
  }));
}
