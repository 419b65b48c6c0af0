// The figures a run's summary holds beyond requests/s and latency, grouped for a compact display:
// SQL (mariadb-slap), open loop (vegeta's schedule), throughput in MB/s, and server connections
// (reuse). RunDetail.summary is untyped JSON (spec/results.py RunSummary), so this reads it
// defensively: a group appears only when its numbers are there.

import { valueText } from "../format/text";

export type Figure = { label: string; value: string; hint?: string; warn?: boolean };
export type FigureGroup = { id: "sql" | "open_loop" | "throughput" | "connections"; title: string; figures: Figure[] };

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : null);
const n = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

export const fmtNum = (v: number, digits = 1): string => v.toLocaleString("en-US", { maximumFractionDigits: digits });
const mbps = (bytesPerS: number) => `${fmtNum(bytesPerS / 1e6, 2)} MB/s`;
const mbit = (bytesPerS: number) => `${fmtNum((bytesPerS * 8) / 1e6, 1)} Mbit/s`;

function sqlGroup(summary: Obj): FigureGroup | null {
  const injectors = Array.isArray(summary.injectors) ? summary.injectors.map(obj).filter((i): i is Obj => i !== null) : [];
  const sqls = injectors.map((i) => ({ agent: valueText(i.agent), sql: obj(i.sql) })).filter((x) => x.sql);
  if (sqls.length === 0) return null;
  const figures: Figure[] = [];
  for (const { agent, sql } of sqls) {
    const s = sql as Obj;
    const prefix = sqls.length > 1 ? `${agent}: ` : "";
    const avg = n(s.avg_s);
    const min = n(s.min_s);
    const max = n(s.max_s);
    if (avg !== null)
      figures.push({
        label: `${prefix}seconds per iteration`,
        value: `${fmtNum(avg, 3)} s`,
        hint: min !== null && max !== null ? `min ${fmtNum(min, 3)} s, max ${fmtNum(max, 3)} s` : undefined,
      });
    const qps = n(s.queries_per_s);
    if (qps !== null) figures.push({ label: `${prefix}queries/s`, value: fmtNum(qps, 1) });
    const clients = n(s.clients);
    const perClient = n(s.queries_per_client);
    if (clients !== null && perClient !== null)
      figures.push({ label: `${prefix}clients × queries each`, value: `${fmtNum(clients, 0)} × ${fmtNum(perClient, 0)}` });
    const iterations = n(s.iterations);
    if (iterations !== null) figures.push({ label: `${prefix}iterations`, value: fmtNum(iterations, 0) });
  }
  return { id: "sql", title: "SQL (mariadb-slap)", figures };
}

function openLoopGroup(total: Obj | null): FigureGroup | null {
  const o = obj(total?.open_loop);
  if (!o) return null;
  const target = n(o.target_rate);
  const rate = n(o.send_rate);
  const late = n(o.late_sends) ?? 0;
  const dropped = n(o.dropped_sends) ?? 0;
  const lag = n(o.max_send_lag_ms);
  const threshold = n(o.late_threshold_ms);
  const sent = n(o.sent);
  const figures: Figure[] = [];
  if (target !== null) figures.push({ label: "target rate", value: `${fmtNum(target, 1)} req/s` });
  if (rate !== null)
    figures.push({
      label: "sent rate",
      value: `${fmtNum(rate, 1)} req/s`,
      hint: target ? `${fmtNum((rate / target) * 100, 1)} % of the target` : undefined,
      warn: target !== null && target > 0 && rate < target * 0.99,
    });
  figures.push({
    label: "late sends",
    value: fmtNum(late, 0),
    hint: `${threshold !== null ? `> ${fmtNum(threshold, 0)} ms after their slot` : "after their slot"}${sent ? `, of ${fmtNum(sent, 0)} sent` : ""}`,
    warn: late > 0,
  });
  figures.push({ label: "dropped sends", value: fmtNum(dropped, 0), hint: "slots never sent", warn: dropped > 0 });
  if (lag !== null) figures.push({ label: "worst send lag", value: `${fmtNum(lag, 1)} ms` });
  return { id: "open_loop", title: "Open loop (schedule)", figures };
}

function throughputGroup(total: Obj | null, proxy: Obj | null): FigureGroup | null {
  const client = n(total?.bytes_per_s);
  const out = n(proxy?.bytes_out_per_s);
  const figures: Figure[] = [];
  if (client !== null && client > 0) figures.push({ label: "clients received", value: mbps(client), hint: mbit(client) });
  if (out !== null && out > 0)
    figures.push({ label: "HAProxy sent (bout)", value: mbps(out), hint: `${mbit(out)}; bytes handed to the kernel, not the wire` });
  return figures.length ? { id: "throughput", title: "Throughput", figures } : null;
}

function connectionsGroup(proxy: Obj | null): FigureGroup | null {
  if (!proxy) return null;
  const connects = n(proxy.connects);
  const reuses = n(proxy.reuses);
  const maxServer = n(proxy.max_server_conns);
  const maxScur = n(proxy.max_scur);
  const maxconn = n(proxy.maxconn);
  const maxQcur = n(proxy.max_qcur);
  const figures: Figure[] = [];
  if (connects !== null || reuses !== null) {
    const c = connects ?? 0;
    const r = reuses ?? 0;
    figures.push({ label: "server connects", value: fmtNum(c, 0) });
    figures.push({
      label: "server reuses",
      value: fmtNum(r, 0),
      hint: c + r > 0 ? `${fmtNum((r / (c + r)) * 100, 1)} % of server requests on an open connection` : undefined,
    });
  }
  if (maxServer !== null) figures.push({ label: "max server connections", value: fmtNum(maxServer, 0), hint: "in use + idle, at once" });
  if (maxScur !== null)
    figures.push({
      label: "max client sessions",
      value: maxconn ? `${fmtNum(maxScur, 0)} of ${fmtNum(maxconn, 0)}` : fmtNum(maxScur, 0),
      hint: maxconn ? "against the entry's maxconn" : undefined,
      warn: maxconn !== null && maxconn > 0 && maxScur >= maxconn,
    });
  if (maxQcur !== null && maxQcur > 0) figures.push({ label: "max queued", value: fmtNum(maxQcur, 0), warn: true });
  return figures.length ? { id: "connections", title: "Connections", figures } : null;
}

export function keyFigures(summary: unknown): FigureGroup[] {
  const s = obj(summary);
  if (!s) return [];
  const total = obj(s.total);
  const proxy = obj(s.proxy);
  return [sqlGroup(s), openLoopGroup(total), throughputGroup(total, proxy), connectionsGroup(proxy)].filter(
    (g): g is FigureGroup => g !== null,
  );
}
