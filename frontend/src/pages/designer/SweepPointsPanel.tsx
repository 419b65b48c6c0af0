// Beside the Sweep section: the points the sweep expands to, in the order they run, one column per
// swept path (linked paths included), so a typo in a range or a missing value shows at once.
import { valueText } from "../../format/text";
import { getIn } from "./specPath";
import { placeOf } from "./sweepParameters";
import { sweepPoints } from "./sweepPoints";
import type { Axis } from "./SweepEditor";
import { TableScroll } from "../../components/TableScroll";

const SHOWN_POINTS = 60;

export function SweepPointsPanel({ spec }: { spec: Record<string, unknown> }) {
  const axes = ((getIn(spec, "sweep.axes") as Axis[] | undefined) ?? []).filter((a) => a.path && a.values.length > 0);
  const repetitions = Number(getIn(spec, "repetitions") ?? 1);
  const { points, total } = sweepPoints(axes, SHOWN_POINTS);
  const columns = axes.flatMap((a) => [{ path: a.path, label: a.label }, ...(a.linked ?? []).map((l) => ({ path: l.path, label: null }))]);
  return (
    <section className="side-context" aria-labelledby="sweep-points-title" data-testid="sweep-points">
      <h3 id="sweep-points-title">
        {total} point{total === 1 ? "" : "s"}
        {repetitions > 1 ? ` × ${repetitions} repetitions` : ""}
      </h3>
      {axes.length === 0 ? (
        <p className="muted small">No sweep: the spec runs as it is, once per repetition. Add an axis to vary a parameter.</p>
      ) : (
        <TableScroll label="Sweep points">
          <table className="table compact points">
            <caption className="visually-hidden">Sweep points in run order</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                {columns.map((c) => {
                  const place = placeOf(spec, c.path.split("."));
                  return (
                    <th scope="col" key={c.path} title={c.path}>
                      {c.label ?? place.label}
                      <span className="muted small"> {place.group}</span>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {points.map((point, i) => (
                <tr key={i}>
                  <td className="muted">{i}</td>
                  {columns.map((c) => (
                    <td key={c.path}>{valueText(point[c.path], "not set")}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {total > points.length && <p className="muted small">… and {total - points.length} more points.</p>}
        </TableScroll>
      )}
    </section>
  );
}
