// Under the clients' totals: each injector's share of the load and what it did (injectorShares.ts).
import type { RunDetail } from "../../client/types.gen";
import { TableScroll } from "../../components/TableScroll";
import { injectorTable } from "./injectorShares";
import "./runPage.css";

export function InjectorsTable({ run }: { run: RunDetail }) {
  const table = injectorTable(run.summary, run.spec.load);
  if (!table) return null;
  const weighted = table.rows.some((r) => r.weight !== "1" && r.weight !== "—");
  return (
    <TableScroll label="Injectors">
      <table className="table" data-testid="run-injectors">
        <caption>{table.caption}</caption>
        <thead>
          <tr>
            <th scope="col">Injector</th>
            <th scope="col" className="num">Connections asked</th>
            <th scope="col" className="num">Rate asked</th>
            {weighted && <th scope="col" className="num">Weight</th>}
            <th scope="col" className="num">{table.sentLabel}</th>
            <th scope="col" className="num">Successes/s</th>
            <th scope="col" className="num">Successes</th>
            <th scope="col" className="num">Errors</th>
            <th scope="col" className="num">p99</th>
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r) => (
            <tr key={r.agent} data-injector={r.agent}>
              <th scope="row">{r.agent}</th>
              <td className="num">{r.connections}</td>
              <td className="num">{r.askedRate}</td>
              {weighted && <td className="num">{r.weight}</td>}
              <td className="num">{r.sent}</td>
              <td className="num">{r.rate}</td>
              <td className="num">{r.successes}</td>
              <td className={r.errorsWarn ? "num figure-warn" : "num"}>{r.errors}</td>
              <td className="num">{r.p99}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
