// The changes of level that start at this run (GET /changes?run_id=): the figure, by how much,
// and what differs from the run before, with the way to the team's Changes list.
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";

import { changesListChangesOptions } from "../../client/@tanstack/react-query.gen";
import { changeSize, differenceText } from "../changes/ChangesPage";
import { pText } from "./BaselineCard";

export function RunChanges({ runId }: { runId: number }) {
  const changes = useQuery(changesListChangesOptions({ query: { run_id: runId } }));
  const items = changes.data?.items ?? [];
  if (items.length === 0) return null;
  const causes = [...new Set(items.flatMap((c) => c.differences.map(differenceText)))].slice(0, 5);
  return (
    <section className="card threshold-checks tone-bad" aria-label="Changes at this run" data-testid="run-changes" data-report="A change at this run">
      <h3>
        A change starts at this run: {items.map((c) => `${c.metric_label} ${changeSize(c)}`).join(", ")}
      </h3>
      <p className="small">
        Against the {items[0].before_n} runs before it (p {pText(items[0].p_value)}).{" "}
        {causes.length > 0 ? (
          <>
            What differs from run <Link to={`/runs/${items[0].before_run_id}`}>#{items[0].before_run_id}</Link>:{" "}
            {causes.map((c, i) => (
              <span key={c}>
                {i > 0 && "; "}
                <code>{c}</code>
              </span>
            ))}
            .
          </>
        ) : (
          "Nothing recorded differs from the run before."
        )}{" "}
        <Link to="/changes?status=all">All changes</Link>
      </p>
    </section>
  );
}
