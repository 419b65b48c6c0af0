// The clients' figures and HAProxy's side by side (sides.ts), each row with the registry's label
// and unit, and under a row whose two sides differ, the one-line reason the run's data gives.
import { Fragment } from "react";

import type { RunDetail } from "../../client/types.gen";
import { LoadingState } from "../../components/LoadingState";
import { useMetricRegistry } from "../../metrics/useMetricRegistry";
import { clientProxySides, type SideCell } from "./sides";
import "./runPage.css";
import { TableScroll } from "../../components/TableScroll";

function Cell({ cell }: { cell: SideCell | null }) {
  if (!cell)
    return (
      <td className="side-none" title="Not measured on this side">
        —
      </td>
    );
  return (
    <td className={cell.warn ? "num figure-warn" : "num"} data-metric={cell.metric} title={cell.title}>
      <span className="side-value">{cell.text}</span>
      {cell.hint && <span className="side-hint">{cell.hint}</span>}
    </td>
  );
}

export function SidesTable({ run }: { run: RunDetail }) {
  const registry = useMetricRegistry();
  if (!registry) return <LoadingState label="Loading the figures' names" rows={3} />;
  const { clientsTitle, rows } = clientProxySides(run, registry);
  if (rows.length === 0) return null;
  return (
    <TableScroll label="Clients and HAProxy">
      <table className="table sides-table" data-testid="run-summary">
        <caption>What the clients measured and what HAProxy counted, over the measured window</caption>
        <thead>
          <tr>
            <th scope="col">Figure</th>
            <th scope="col" className="num">
              {clientsTitle}
            </th>
            <th scope="col" className="num">
              HAProxy
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Fragment key={row.id}>
              <tr data-row={row.id} className={row.note ? "has-note" : undefined}>
                <th scope="row">{row.label}</th>
                <Cell cell={row.clients} />
                <Cell cell={row.haproxy} />
              </tr>
              {row.note && (
                <tr className="side-note" data-note={row.id}>
                  <td colSpan={3}>{row.note}</td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
