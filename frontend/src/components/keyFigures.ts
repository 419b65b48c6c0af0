// The figures a run's summary holds beyond requests/s and latency, grouped for a compact display:
// SQL (mariadb-slap), open loop (vegeta's schedule), throughput in MB/s, and server connections
// (reuse). RunDetail.summary is the typed RunSummary (spec/results.py); a group appears only when
// the run measured what it shows.
import type { LoadTotals, ProxySummary, RunSummary } from "../client/types.gen";
import { bitsPerSecond, bytesPerSecond } from "../format/units";

export type Figure = { label: string; value: string; hint?: string; warn?: boolean };
export type FigureGroup = { id: "sql" | "open_loop" | "throughput" | "connections"; title: string; figures: Figure[] };

export const fmtNum = (v: number, digits = 1): string => v.toLocaleString("en-US", { maximumFractionDigits: digits });

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
      { label: `${prefix}queries/s`, value: fmtNum(sql.queries_per_s, 1) },
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
        label: "sent rate",
        value: `${fmtNum(o.send_rate, 1)} req/s`,
        hint: o.target_rate ? `${fmtNum((o.send_rate / o.target_rate) * 100, 1)} % of the target` : undefined,
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

function throughputGroup(total: LoadTotals, proxy: ProxySummary | null | undefined): FigureGroup | null {
  const client = total.bytes_per_s;
  const out = proxy?.bytes_out_per_s ?? null;
  const figures: Figure[] = [];
  if (client > 0) figures.push({ label: "clients received", value: bytesPerSecond(client), hint: bitsPerSecond(client) });
  if (out !== null && out > 0)
    figures.push({ label: "HAProxy sent (bout)", value: bytesPerSecond(out), hint: `${bitsPerSecond(out)}; bytes handed to the kernel, not the wire` });
  return figures.length ? { id: "throughput", title: "Throughput", figures } : null;
}

function connectionsGroup(proxy: ProxySummary | null | undefined): FigureGroup | null {
  if (!proxy) return null;
  const connects = proxy.connects ?? 0;
  const reuses = proxy.reuses ?? 0;
  const maxconn = proxy.maxconn ?? null;
  const maxScur = proxy.max_scur ?? 0;
  const maxQcur = proxy.max_qcur ?? 0;
  const figures: Figure[] = [
    { label: "server connects", value: fmtNum(connects, 0) },
    {
      label: "server reuses",
      value: fmtNum(reuses, 0),
      hint: connects + reuses > 0 ? `${fmtNum((reuses / (connects + reuses)) * 100, 1)} % of server requests on an open connection` : undefined,
    },
  ];
  if (proxy.max_server_conns != null)
    figures.push({ label: "max server connections", value: fmtNum(proxy.max_server_conns, 0), hint: "in use + idle, at once" });
  figures.push({
    label: "max client sessions",
    value: maxconn ? `${fmtNum(maxScur, 0)} of ${fmtNum(maxconn, 0)}` : fmtNum(maxScur, 0),
    hint: maxconn ? "against the entry's maxconn" : undefined,
    warn: maxconn !== null && maxconn > 0 && maxScur >= maxconn,
  });
  if (maxQcur > 0) figures.push({ label: "max queued", value: fmtNum(maxQcur, 0), warn: true });
  return { id: "connections", title: "Connections", figures };
}

export function keyFigures(summary: RunSummary | null | undefined): FigureGroup[] {
  if (!summary) return [];
  return [
    sqlGroup(summary),
    openLoopGroup(summary.total),
    throughputGroup(summary.total, summary.proxy),
    connectionsGroup(summary.proxy),
  ].filter((g): g is FigureGroup => g !== null);
}
