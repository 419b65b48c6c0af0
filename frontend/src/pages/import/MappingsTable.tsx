// What the config named that the lab replaces: addresses, certificates, log destinations, files.
import type { LabMapping } from "../../client/types.gen";
import { TableScroll } from "../../components/TableScroll";

const KIND_LABEL: Record<LabMapping["kind"], string> = {
  server: "server",
  bind: "bind",
  certificate: "certificate",
  ca: "CA",
  log: "log",
  file: "file",
  defaults: "defaults",
};

export function MappingsTable({ mappings }: { mappings: LabMapping[] }) {
  if (mappings.length === 0) return null;
  return (
    <section className="card" aria-labelledby="import-mappings-title">
      <h2 id="import-mappings-title">Mapped onto the lab</h2>
      <TableScroll label="Mappings">
        <table className="table compact phone-cards" data-testid="import-mappings">
          <thead>
            <tr>
              <th>Kind</th>
              <th>In your config</th>
              <th>In the lab</th>
              <th className="num">Lines</th>
            </tr>
          </thead>
          <tbody>
            {mappings.map((m, i) => (
              <tr key={i}>
                <td data-label="Kind">{KIND_LABEL[m.kind]}</td>
                <td data-label="In your config"><code>{m.original}</code></td>
                <td data-label="In the lab">{m.mapped_to}</td>
                <td data-label="Lines" className="num">{m.lines.join(", ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
