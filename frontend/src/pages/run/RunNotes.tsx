// The team's notes on this run, and a place to add one.
import { useQuery } from "@tanstack/react-query";

import { notesListNotesOptions } from "../../client/@tanstack/react-query.gen";
import { AddNote, NotesList } from "../../components/Notes";
import { ErrorState } from "../../components/ErrorState";

export function RunNotes({ runId }: { runId: number }) {
  const notes = useQuery(notesListNotesOptions({ query: { run_ids: [runId] } }));
  return (
    <section className="card" aria-labelledby="run-notes-title" data-testid="run-notes" data-report="Notes">
      <h2 id="run-notes-title">Notes{notes.data?.length ? ` (${notes.data.length})` : ""}</h2>
      {notes.isError && <ErrorState compact error={notes.error} onRetry={() => void notes.refetch()} />}
      {notes.data?.length === 0 && <p className="muted small">No notes yet. What the numbers do not say (an upgrade, a noisy neighbour) belongs here; History's search finds it.</p>}
      <NotesList notes={notes.data ?? []} />
      <AddNote runId={runId} label="Add a note to this run" />
    </section>
  );
}
