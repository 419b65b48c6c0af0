// The team's notes on the compared runs, by run: what the numbers do not say, next to them.
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";

import { notesListNotesOptions } from "../../client/@tanstack/react-query.gen";
import { ErrorState } from "../../components/ErrorState";
import { NotesList } from "../../components/Notes";

export function CompareNotes({ runs }: { runs: number[] }) {
  const notes = useQuery(notesListNotesOptions({ query: { run_ids: runs } }));
  if (notes.isError) return <ErrorState compact error={notes.error} onRetry={() => void notes.refetch()} />;
  const byRun = runs.map((id) => ({ id, notes: (notes.data ?? []).filter((n) => n.run_id === id) })).filter((r) => r.notes.length > 0);
  if (byRun.length === 0) return null;
  return (
    <section className="card" aria-labelledby="compare-notes-title" data-testid="compare-notes" data-report="Notes">
      <h2 id="compare-notes-title">Notes on these runs</h2>
      {byRun.map((r) => (
        <div key={r.id}>
          <h3 className="small">
            <Link to={`/runs/${r.id}`}>Run #{r.id}</Link>
          </h3>
          <NotesList notes={r.notes} />
        </div>
      ))}
    </section>
  );
}
