// The original config, line by line, each with its fate: the badge, and the detail under the line
// where something happened to it (mapped, refused, not imported) or on hover for the rest. A filter
// reads a long config by fate; blank lines are shown plain under "All".
import { useId, useMemo, useState } from "react";

import type { LineFate } from "../../client/types.gen";
import { FateBadge } from "./FateBadge";
import { filterChoices, filterLines, originalLines, type FateFilter } from "./importReport";

/** The fates whose detail is worth reading on the line itself. */
const SAID_ON_THE_LINE = new Set<LineFate["fate"]>(["mapped", "refused", "not_imported"]);

export function LineFates({ text, lines }: { text: string; lines: LineFate[] }) {
  const id = useId();
  const [filter, setFilter] = useState<FateFilter>("all");
  const [everyDetail, setEveryDetail] = useState(false);
  const rows = useMemo(() => originalLines(text, lines), [text, lines]);
  const choices = filterChoices(lines);
  // A filter the new report no longer has (after importing again) falls back to All.
  const current = choices.some((c) => c.filter === filter) ? filter : "all";
  const shown = filterLines(rows, current);
  return (
    <section className="import-pane" aria-labelledby={`${id}-title`} data-testid="import-original">
      <div className="spread">
        <h3 id={`${id}-title`}>Your config, line by line</h3>
        <label className="small row">
          <input type="checkbox" checked={everyDetail} onChange={(e) => setEveryDetail(e.target.checked)} /> every line's detail
        </label>
      </div>
      <div className="import-filter" role="group" aria-label="Show lines">
        {choices.map((c) => (
          <button key={c.filter} type="button" aria-pressed={current === c.filter} className={current === c.filter ? "primary" : undefined} onClick={() => setFilter(c.filter)}>
            {c.label} <span className="filter-count">{c.count}</span>
          </button>
        ))}
      </div>
      <ol className="import-lines" tabIndex={0} aria-label="Original lines and their fate">
        {shown.map((r) => {
          const fate = r.fate;
          const detailShown = fate != null && (everyDetail || SAID_ON_THE_LINE.has(fate.fate));
          return (
            <li key={r.line} className="import-line" data-line={r.line} data-fate={fate?.fate ?? "blank"} title={fate && !detailShown ? fate.detail : undefined}>
              <span className="ln" aria-hidden="true">{r.line}</span>
              <span className="import-badge">{fate && <FateBadge fate={fate.fate} />}</span>
              <code className="import-text">{r.text || " "}</code>
              {detailShown && (
                <span className={fate.fate === "refused" ? "import-detail bad" : "import-detail"}>
                  {fate.detail}
                  {fate.field && !fate.detail.includes(fate.field) && <> (<code>{fate.field}</code>)</>}
                </span>
              )}
            </li>
          );
        })}
        {shown.length === 0 && <li className="muted">No line has this fate.</li>}
      </ol>
    </section>
  );
}
