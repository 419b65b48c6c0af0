// The load tool's own figures in compact groups: SQL (mariadb-slap), open loop (vegeta). Groups
// without numbers are left out; throughput and connections are in SidesTable.
import "../../components/figures.css";
import type { RunSummary } from "../../client/types.gen";
import { keyFigures } from "../../components/keyFigures";

export function KeyFigures({ summary }: { summary: RunSummary | null | undefined }) {
  const groups = keyFigures(summary);
  if (groups.length === 0) return null;
  return (
    <div className="key-figures" data-testid="key-figures">
      {groups.map((g) => (
        <section key={g.id} className="figure-group" aria-label={g.title} data-group={g.id}>
          <h3>{g.title}</h3>
          <dl>
            {g.figures.map((f) => (
              <div key={f.label} style={{ display: "contents" }}>
                <dt>
                  {f.label}
                  {f.hint && <div className="small muted">{f.hint}</div>}
                </dt>
                <dd className={f.muted ? "figure-muted" : f.warn ? "figure-warn" : undefined}>{f.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
