// A staged run's figures per stage (stages.ts): what each stage asked beside what it delivered
// over its window (after its ramp and a settling second), the injectors merged.
import type { RunDetail } from "../../client/types.gen";
import { TableScroll } from "../../components/TableScroll";
import { stageRows } from "./stages";
import "./runPage.css";

export function StagesTable({ run }: { run: RunDetail }) {
  const rows = stageRows(run.summary);
  if (!rows.length) return null;
  return (
    <TableScroll label="Stages">
      <table className="table" data-testid="run-stages">
        <caption>Per stage: each over its window (run seconds), after its ramp and a first settling second</caption>
        <thead>
          <tr>
            <th scope="col">Stage</th>
            <th scope="col" className="num">Target</th>
            <th scope="col" className="num">Window</th>
            <th scope="col" className="num">Delivered</th>
            <th scope="col" className="num">p50</th>
            <th scope="col" className="num">p99</th>
            <th scope="col" className="num">Errors</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.stage} data-stage={r.stage}>
              <th scope="row">{r.stage}</th>
              <td className="num">{r.target}</td>
              <td className="num">{r.window}</td>
              <td className={r.short ? "num figure-warn" : "num"} title={r.short ? "below 98 % of the stage's target" : undefined}>
                {r.rate}
              </td>
              <td className="num">{r.p50}</td>
              <td className="num">{r.p99}</td>
              <td className={r.errorsWarn ? "num figure-warn" : "num"}>{r.errors}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
