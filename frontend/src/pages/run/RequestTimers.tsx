// "Where the time goes in HAProxy": HAProxy's own per-request timers (its request log), answer
// first. The breakdown of the requests at p50/p90/p99 into phases (queue, connect, server, data,
// handshake, request) as stacked bars with their totals; the timers' table with HAProxy's names
// and meanings; one timer's per-second percentiles over time; the termination states per second,
// coloured by who ended the request, with their meanings in words. Every figure says when HAProxy
// logged only 1 request in N. The words come from the API (contract/request_timers.py).
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";

import { UNWRAPPED_TICK, valueAxis, valueScale } from "../../charts/axes";
import { ChartCard, type PlotSize } from "../../charts/ChartCard";
import { ChartGroup } from "../../charts/ChartGroup";
import { ChartTooltip } from "../../charts/ChartTooltip";
import { NEUTRAL, PALETTE } from "../../charts/palette";
import { TimeChart, type TimeSeries } from "../../charts/TimeChart";
import { runsGetRunTimersOptions } from "../../client/@tanstack/react-query.gen";
import type { RunTimers, TimerStats } from "../../client/types.gen";
import { ErrorState } from "../../components/ErrorState";
import { LoadingState } from "../../components/LoadingState";
import { TableScroll } from "../../components/TableScroll";
import { durationMs } from "../../format/units";
import { downloadCsv } from "../compare/csv";
import {
  breakdown,
  defaultTimer,
  GROUP_WORDS,
  mainPhase,
  PERCENTILES,
  phaseColors,
  rowsCsv,
  samplingNote,
  stateColors,
  stateRows,
  timerRows,
  timerTable,
  type Percentile,
  type TimerKey,
} from "./requestTimers";
import { chartStep } from "./sampleColumns";
import "./runPage.css";

const HEIGHT = 220;
const PERCENTILE_COLORS: Record<Percentile, string> = { p50: NEUTRAL, p90: PALETTE[3], p99: PALETTE[1] };
const ms = (v: number | null | undefined) => (v == null ? "—" : durationMs(v));
const count = (v: number) => v.toLocaleString("en-US");

type Props = { runId: number; seconds: number };

export function RequestTimers({ runId, seconds }: Props) {
  const [scope, setScope] = useState("*");
  const step = chartStep(seconds);
  const query = useQuery({ ...runsGetRunTimersOptions({ path: { run_id: runId }, query: { scope, step } }), staleTime: Infinity });
  const body = query.data;
  return (
    <section className="card request-timers" aria-labelledby="request-timers-title" data-testid="request-timers">
      <h2 id="request-timers-title">Where the time goes in HAProxy</h2>
      {query.isPending && <LoadingState label="Loading HAProxy's request timers" rows={4} />}
      {query.isError && <ErrorState compact error={query.error} onRetry={() => void query.refetch()} />}
      {body && !body.collected && (
        <p className="muted" data-testid="timers-not-collected">
          HAProxy&apos;s request timers were not collected for this run (the experiment turned them off, or the run is older than them): the charts above
          show HAProxy&apos;s averages only.
        </p>
      )}
      {body && body.collected && <Timers body={body} runId={runId} scope={scope} onScope={setScope} />}
    </section>
  );
}

function Timers({ body, runId, scope, onScope }: { body: RunTimers; runId: number; scope: string; onScope: (scope: string) => void }) {
  const sampled = samplingNote(body.one_in);
  const summary = body.summary;
  const subtitle = [`Run #${runId}`, scope === "*" ? null : `scope ${scope}`, sampled].filter(Boolean).join(" · ");
  const scopeStats: Partial<Record<TimerKey, TimerStats | null>> | undefined = summary ? (scope === "*" ? summary : summary.scopes?.[scope]) : undefined;
  return (
    <ChartGroup>
      {sampled && (
        <p className="timers-sampled" data-testid="timers-sampled">
          {sampled}: every figure here is read from the requests it logged.
        </p>
      )}
      {body.scopes.length > 1 && (
        <label className="timers-scope">
          Scope{" "}
          <select value={scope} onChange={(e) => onScope(e.target.value)} data-testid="timers-scope">
            {body.scopes.map((s) => (
              <option key={s} value={s}>
                {s === "*" ? "the whole proxy" : s}
              </option>
            ))}
          </select>
        </label>
      )}
      {summary ? (
        <div data-report="Where the time goes in HAProxy">
          <Answer body={body} />
        </div>
      ) : (
        <p className="muted">The run&apos;s summary of its timers is not there (the run ended before it was collected): the per-second charts below are all there is.</p>
      )}
      {summary && <BreakdownChart body={body} subtitle={subtitle} runId={runId} />}
      <div data-report="HAProxy's timers and how requests ended" className="timers-tables">
        {summary && <BreakdownTable body={body} sampled={sampled} />}
        {scopeStats && <TimerTable body={body} stats={scopeStats} sampled={sampled} scope={scope} />}
        <StateTable body={body} sampled={sampled} />
      </div>
      <div className="chart-grid two">
        <TimerChart body={body} subtitle={subtitle} runId={runId} />
        <StateChart body={body} subtitle={subtitle} runId={runId} />
      </div>
    </ChartGroup>
  );
}

function Answer({ body }: { body: RunTimers }) {
  const { rows, phases } = breakdown(body.summary!, body.phases);
  if (rows.length === 0) return <p className="muted">The log held too few complete requests to split their time into phases.</p>;
  return (
    <ul className="timers-answer" data-testid="timers-answer">
      {rows.map((row) => {
        const main = mainPhase(row, phases);
        return (
          <li key={row.label}>
            <strong>
              {row.label} {durationMs(row.total)}
            </strong>
            {main ? `: ${Math.round(main.share * 100)}% in ${main.phase.label}, ${durationMs(main.ms)}` : ": no time in any phase"}
          </li>
        );
      })}
    </ul>
  );
}

function BreakdownTable({ body, sampled }: { body: RunTimers; sampled: string | null }) {
  const { rows, phases } = breakdown(body.summary!, body.phases);
  if (rows.length === 0) return null;
  return (
    <>
    <h3 className="timers-subhead" id="timers-breakdown-caption">
      Where the time of the requests at each percentile went: each phase&apos;s mean{sampled ? ` · ${sampled}` : ""}
    </h3>
    <TableScroll label="Where the time went, by phase">
      <table className="table small breakdown-table" data-testid="timers-breakdown-table" aria-labelledby="timers-breakdown-caption">
        <thead>
          <tr>
            <th scope="col">Requests at</th>
            {phases.map((p) => (
              <th key={p.key} scope="col" className="num">
                {p.label}
              </th>
            ))}
            <th scope="col" className="num">
              total
            </th>
            <th scope="col" className="num" title="Logged requests in that percentile's band">
              requests
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} data-percentile={r.percentile}>
              <th scope="row">{r.label}</th>
              {phases.map((p) => (
                <td key={p.key} className="num">
                  {ms(r[p.key])}
                </td>
              ))}
              <td className="num">{ms(r.total)}</td>
              <td className="num">{count(r.requests)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
    </>
  );
}

function BreakdownChart({ body, subtitle, runId }: { body: RunTimers; subtitle: string; runId: number }) {
  const sampled = samplingNote(body.one_in);
  const { rows, phases } = useMemo(() => breakdown(body.summary!, body.phases), [body]);
  const colors = phaseColors(body.phases);
  const data = rows.map((r) => ({ ...r, name: `${r.label} · ${durationMs(r.total)}` }));
  const series = phases.map((p) => ({ key: p.key, name: p.label, color: colors.get(p.key)! }));
  const x = valueScale(
    data.map((r) => ({ total: r.total })),
    ["total"],
  );
  const csv = [["percentile", "total_ms", "requests", ...phases.map((p) => `${p.key}_ms`)], ...rows.map((r) => [r.label, r.total, r.requests, ...phases.map((p) => r[p.key] ?? 0)])];
  return (
    <ChartCard
      title="Where the time of a request went, at p50, p90 and p99"
      name={`run-${runId}-timers-breakdown`}
      testId="timers-breakdown"
      subtitle={subtitle}
      yLabel="Requests at the percentile of their own time (total)"
      xLabel="ms: each phase's mean over those requests"
      legend={series}
      height={Math.max(120, 44 * data.length + 40)}
      footer={sampled && <p className="muted small">{sampled}.</p>}
      actions={
        <button type="button" onClick={() => downloadCsv(csv, `run-${runId}-timers-breakdown.csv`)}>
          Chart CSV
        </button>
      }
    >
      {({ width, height }: PlotSize) => (
        <BarChart width={width} height={height} data={data} layout="vertical" margin={{ top: 4, right: 28, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis {...valueAxis(x, "ms")} width={undefined} />
          <YAxis type="category" dataKey="name" tick={UNWRAPPED_TICK} width={110} />
          <Tooltip
            cursor={{ fillOpacity: 0.1 }}
            content={(p) => <ChartTooltip active={p.active} label={p.label} rows={data} xKey="name" series={series} unit="ms" xLabel={(l) => String(l)} />}
            isAnimationActive={false}
          />
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} stackId="phases" fill={s.color} isAnimationActive={false} />
          ))}
        </BarChart>
      )}
    </ChartCard>
  );
}

function TimerTable({ body, stats, sampled, scope }: { body: RunTimers; stats: Partial<Record<TimerKey, TimerStats | null>>; sampled: string | null; scope: string }) {
  const rows = timerTable(stats, body.timer_meanings);
  if (rows.length === 0) return null;
  return (
    <>
    <h3 className="timers-subhead" id="timers-table-caption" data-testid="timers-table-caption">
      HAProxy&apos;s timers over the measured window{scope === "*" ? "" : ` (${scope})`}
      {sampled ? ` · ${sampled}` : ""}
    </h3>
    <TableScroll label="HAProxy's timers">
      <table className="table small timers-table" data-testid="timers-table" aria-labelledby="timers-table-caption">
        <thead>
          <tr>
            <th scope="col">Timer: what it measures</th>
            <th scope="col" className="num">p50</th>
            <th scope="col" className="num">p90</th>
            <th scope="col" className="num">p99</th>
            <th scope="col" className="num">p99.9</th>
            <th scope="col" className="num">mean</th>
            <th scope="col" className="num" title="Requests where HAProxy logged -1: the phase never happened or never finished">
              unset
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-timer={r.key}>
              <th scope="row" className="timer-name">
                <code>{r.haproxy_name}</code> <span className="timer-meaning">{r.meaning}</span>
              </th>
              <td className="num">{ms(r.stats.p50)}</td>
              <td className="num">{ms(r.stats.p90)}</td>
              <td className="num">{ms(r.stats.p99)}</td>
              <td className="num">{ms(r.stats.p999)}</td>
              <td className="num">{ms(r.stats.mean)}</td>
              <td className="num">{count(r.stats.unset)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
    </>
  );
}

function StateTable({ body, sampled }: { body: RunTimers; sampled: string | null }) {
  // The summary's counts (the measured window) for the whole proxy; a scope's from its seconds.
  const fromSummary = body.summary != null && body.scope === "*";
  const counts = fromSummary ? body.summary!.states! : Object.fromEntries(body.states.map((s) => [s.state, s.count]));
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const states = body.states.filter((s) => (counts[s.state] ?? 0) > 0).sort((a, b) => counts[b.state] - counts[a.state]);
  if (states.length === 0) return null;
  const colors = stateColors(body.states);
  return (
    <>
    <h3 className="timers-subhead" id="timers-states-caption">
      How requests ended (HAProxy&apos;s termination state), {fromSummary ? "over the measured window" : "over every logged second"}
      {sampled ? ` · ${sampled}` : ""}
    </h3>
    <TableScroll label="Termination states">
      <table className="table small states-table" data-testid="timers-states" aria-labelledby="timers-states-caption">
        <thead>
          <tr>
            <th scope="col">State</th>
            <th scope="col">In words</th>
            <th scope="col" className="num">Requests</th>
            <th scope="col" className="num">Share</th>
          </tr>
        </thead>
        <tbody>
          {states.map((s) => (
            <tr key={s.state} data-state={s.state}>
              <th scope="row">
                <span className="chart-swatch" style={{ background: colors.get(s.state) }} aria-hidden="true" /> <code>{s.state}</code>
              </th>
              <td title={GROUP_WORDS[s.group]}>{s.words}</td>
              <td className="num">{count(counts[s.state])}</td>
              <td className="num">{total > 0 ? `${((100 * counts[s.state]) / total).toFixed(counts[s.state] * 1000 < total ? 2 : 1)}%` : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
    </>
  );
}

function TimerChart({ body, subtitle, runId }: { body: RunTimers; subtitle: string; runId: number }) {
  const sampled = samplingNote(body.one_in);
  const [picked, setPicked] = useState<TimerKey | null>(null);
  const [percentile, setPercentile] = useState<Percentile | "all">("all");
  const present = body.timer_meanings.filter((m) => m.key in body.timers);
  const timer = picked && picked in body.timers ? picked : defaultTimer(body);
  const rows = useMemo(() => (timer ? timerRows(body, timer) : []), [body, timer]);
  if (!timer) return <p className="muted">No timer was set in any logged second of this scope.</p>;
  const meaning = body.timer_meanings.find((m) => m.key === timer)!;
  const shown = percentile === "all" ? PERCENTILES : [percentile];
  const series: TimeSeries[] = shown.map((p) => ({ key: p, name: `${meaning.haproxy_name} ${p}`, color: PERCENTILE_COLORS[p] }));
  const stepNote = body.step > 1 ? `each point ${body.step} s merged` : "each second";
  return (
    <TimeChart
      rows={rows}
      series={series}
      unit="ms"
      height={HEIGHT}
      testId="timers-over-time"
      name={`run-${runId}-timer-${timer}`}
      title={`${meaning.haproxy_name} per second: ${meaning.meaning.split(":")[0]}`}
      subtitle={[subtitle, stepNote].join(" · ")}
      yLabel="ms"
      actions={
        <>
          <select aria-label="Timer" value={timer} onChange={(e) => setPicked(e.target.value as TimerKey)} data-testid="timers-pick">
            {present.map((m) => (
              <option key={m.key} value={m.key}>
                {m.haproxy_name}: {m.meaning.split(":")[0]}
              </option>
            ))}
          </select>
          <select aria-label="Percentile" value={percentile} onChange={(e) => setPercentile(e.target.value as Percentile | "all")}>
            <option value="all">p50, p90, p99</option>
            {PERCENTILES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
          <button type="button" onClick={() => downloadCsv(rowsCsv(rows, shown, shown.map((p) => `${timer}_${p}_ms`)), `run-${runId}-timer-${timer}.csv`)}>
            Chart CSV
          </button>
        </>
      }
      footer={
        <p className="muted small">
          {sampled && `${sampled}. `}
          {meaning.meaning}. Percentiles of each point&apos;s logged requests (its seconds&apos; histograms merged); gaps: no request had it set.
        </p>
      }
    />
  );
}

function StateChart({ body, subtitle, runId }: { body: RunTimers; subtitle: string; runId: number }) {
  const sampled = samplingNote(body.one_in);
  const rows = useMemo(() => stateRows(body), [body]);
  const colors = stateColors(body.states);
  const series = body.states.map((s) => ({ key: s.state, name: `${s.state}: ${s.words}`, color: colors.get(s.state)! }));
  const y = valueScale(
    rows.map((r) => ({ total: body.states.reduce((sum, s) => sum + (r[s.state] ?? 0), 0) })),
    ["total"],
  );
  if (rows.length === 0) return null;
  return (
    <ChartCard
      title="How requests ended, per second"
      name={`run-${runId}-termination-states`}
      testId="timers-states-timeline"
      subtitle={subtitle}
      yLabel="requests/s"
      xLabel="Seconds since load start (warm-up is negative)"
      legend={series}
      height={HEIGHT}
      actions={
        <button type="button" onClick={() => downloadCsv(rowsCsv(rows, body.states.map((s) => s.state), body.states.map((s) => s.state)), `run-${runId}-termination-states.csv`)}>
          Chart CSV
        </button>
      }
      footer={
        <p className="muted small">
          {sampled && `${sampled}: counts of the logged requests. `}Green: completed; ambers: the client ended it; reds: the server; violets: HAProxy.
        </p>
      }
    >
      {({ width, height }: PlotSize) => (
        <BarChart width={width} height={height} data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }} barCategoryGap={0}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="t" tick={UNWRAPPED_TICK} minTickGap={24} tickFormatter={(t: number) => `${t} s`} />
          <YAxis {...valueAxis(y, "")} />
          <Tooltip
            cursor={{ fillOpacity: 0.1 }}
            content={(p) => <ChartTooltip active={p.active} label={p.label} rows={rows} xKey="t" series={series} unit="req/s" xLabel={(t) => `${t} s`} />}
            isAnimationActive={false}
          />
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} stackId="states" fill={s.color} isAnimationActive={false} />
          ))}
        </BarChart>
      )}
    </ChartCard>
  );
}
