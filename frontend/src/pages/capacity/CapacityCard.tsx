// A launch's capacity searches (LaunchDetail.capacity): the answer first, one line per sweep point
// (a capacity with its interval and safe point in green, a bound or an inconclusive search in
// amber with the API's sentence and no number, progress while probing), then the knee curve, then
// per point its probes in the order they ran, each linking to its run, and a link comparing them.
import { Link } from "react-router";

import type { LaunchCapacity, PointCapacity } from "../../client/types.gen";
import { TableScroll } from "../../components/TableScroll";
import "../../components/figures.css";
import { decimal } from "../../format/units";
import { amount, answerText, answerTone, pointLabel, probeResult, ruleText, type AnswerTone, type ProbeResult } from "./capacity";
import { KneeChart } from "./KneeChart";

const TONE_CLASS: Record<AnswerTone, string> = { ok: "tone-ok", warn: "tone-warn", bad: "tone-bad", probing: "tone-info" };
const TONE_BADGE: Record<AnswerTone, string> = { ok: "ok", warn: "warn", bad: "bad", probing: "info" };
const RESULT_BADGE: Record<ProbeResult, string> = { pass: "ok", fail: "bad", inconclusive: "warn", running: "info" };

const f = (v: number | null | undefined, digits = 1) => (v == null ? "—" : decimal(v, digits));

export function CapacityCard({ capacity, launchId }: { capacity: LaunchCapacity; launchId: number }) {
  const s = capacity.search;
  const answered = capacity.points.filter((p) => p.outcome != null).length;
  return (
    <>
      <section className="card" aria-labelledby="capacity-title" data-testid="capacity" aria-busy={!capacity.done}>
        <h2 id="capacity-title">Capacity</h2>
        <p className="muted small">
          Launch {launchId} searched <code>{s.vary}</code> from {amount(s.start, capacity.unit)} up to {amount(s.max, capacity.unit)}, per sweep point, for the highest
          value whose probe meets {s.objective.map(ruleText).join(" and ")} (precision {decimal((s.precision ?? 0.02) * 100, 1)}%, safe point{" "}
          {decimal((s.safe_fraction ?? 0.8) * 100, 0)}% of it).{" "}
          {capacity.done ? "Every search has its answer." : `${answered} of ${capacity.points.length} points answered; this page follows the others.`}
        </p>
        <ul className="capacity-answers" style={{ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: "var(--space-2)" }}>
          {capacity.points.map((point) => {
            const tone = answerTone(point);
            return (
              <li key={point.point_index} className={`verdict ${TONE_CLASS[tone]}`} data-testid="capacity-answer" data-outcome={point.outcome ?? "probing"}>
                <div className="row">
                  <strong>{pointLabel(point)}</strong>
                  <span className={`badge ${TONE_BADGE[tone]}`}>{point.outcome ? point.outcome.replace("_", " ") : "probing"}</span>
                </div>
                <p>{answerText(point, capacity.unit)}</p>
              </li>
            );
          })}
        </ul>
      </section>
      <KneeChart capacity={capacity} launchId={launchId} />
      <section className="card" aria-labelledby="probes-title" data-testid="capacity-probes">
        <h2 id="probes-title">Probes</h2>
        <p className="muted small">Each probe is a run of the launch at one value, kept like any run: open it, or compare a point&apos;s probes.</p>
        {capacity.points.map((point) => (
          <PointProbes key={point.point_index} point={point} unit={capacity.unit} open={capacity.points.length === 1} />
        ))}
      </section>
    </>
  );
}

function PointProbes({ point, unit, open }: { point: PointCapacity; unit: string; open: boolean }) {
  const runIds = point.searches.flatMap((s) => s.probes.map((p) => p.run_id));
  const repeated = point.searches.length > 1;
  return (
    <details open={open} data-testid="point-probes">
      <summary>
        {pointLabel(point)}: {runIds.length} probe{runIds.length === 1 ? "" : "s"}
        {repeated && ` in ${point.searches.length} searches`}
      </summary>
      {runIds.length > 1 && (
        <p className="small">
          <Link to={`/compare?runs=${[...new Set(runIds)].join(",")}`}>Compare these probes</Link>
        </p>
      )}
      <TableScroll label={`Probes of ${pointLabel(point)}`}>
        <table className="table compact small phone-cards">
          <caption className="visually-hidden">Probes of {pointLabel(point)}, in the order they ran</caption>
          <thead>
            <tr>
              {repeated && <th scope="col">Search</th>}
              <th scope="col" className="num">#</th>
              <th scope="col" className="num">value ({unit})</th>
              <th scope="col">Result</th>
              <th scope="col" className="num">p99 ms</th>
              <th scope="col" className="num">req/s</th>
              <th scope="col" className="num">errors %</th>
              <th scope="col">Run</th>
            </tr>
          </thead>
          <tbody>
            {point.searches.flatMap((search, searchNumber) =>
              search.probes.map((probe, i) => {
                const result = probeResult(probe);
                const why = probe.inconclusive ?? probe.failed_rule;
                return (
                  <tr key={`${search.id}-${i}`} data-result={result}>
                    {repeated && <td data-label="Search">{searchNumber + 1}</td>}
                    <td className="num" data-label="#">{i + 1}</td>
                    <td className="num" data-label={`value (${unit})`}>{f(probe.value, 1)}</td>
                    <td data-label="Result">
                      <span className={`badge ${RESULT_BADGE[result]}`}>{result}</span>
                      {why && <span className="muted small"> {why}</span>}
                    </td>
                    <td className="num" data-label="p99 ms">{f(probe.latency_p99_ms, 1)}</td>
                    <td className="num" data-label="req/s">{f(probe.rps, 1)}</td>
                    <td className="num" data-label="errors %">{f(probe.error_pct, 2)}</td>
                    <td data-label="Run">
                      <Link to={`/runs/${probe.run_id}`}>#{probe.run_id}</Link>
                    </td>
                  </tr>
                );
              }),
            )}
          </tbody>
        </table>
      </TableScroll>
      {point.searches.some((s) => s.answer) && (
        <ul className="small muted">
          {point.searches.map((s, n) => s.answer && <li key={s.id}>{repeated ? `Search ${n + 1}: ` : ""}{s.answer.sentence}</li>)}
        </ul>
      )}
    </details>
  );
}
