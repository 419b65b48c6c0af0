// Notes the team wrote on a run or a detected change: who, when, what; editors add one, the
// author (or an admin) removes it. One list query for many subjects (GET /notes).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";

import { hasRole, useSession } from "../auth/useSession";
import {
  notesAddChangeNoteMutation,
  notesAddRunNoteMutation,
  notesDeleteNoteMutation,
  notesListNotesQueryKey,
} from "../client/@tanstack/react-query.gen";
import type { NoteOut } from "../client/types.gen";
import { dateTime } from "../format/time";
import { ErrorState } from "./ErrorState";
import { FieldError } from "./FieldError";

export function NotesList({ notes }: { notes: NoteOut[] }) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const remove = useMutation({
    ...notesDeleteNoteMutation(),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notesListNotesQueryKey() }),
  });
  if (notes.length === 0) return null;
  return (
    <ul className="notes" data-testid="notes">
      {notes.map((n) => (
        <li key={n.id}>
          <p className="note-text">{n.text}</p>
          <p className="muted small">
            {n.author_email ?? "a former member"}, {dateTime(n.created_at)}
            {session && (n.author_id === session.user.id || hasRole(session, "admin")) && (
              <>
                {" · "}
                <button type="button" className="link" disabled={remove.isPending} onClick={() => remove.mutate({ path: { note_id: n.id } })}>
                  Remove
                </button>
              </>
            )}
          </p>
        </li>
      ))}
      {remove.error && <ErrorState compact error={remove.error} />}
    </ul>
  );
}

/** Add a note to a run or a change (editors). */
export function AddNote({ runId, changeId, label }: { runId?: number; changeId?: number; label: string }) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const done = {
    onSuccess: () => {
      setText("");
      void queryClient.invalidateQueries({ queryKey: notesListNotesQueryKey() });
    },
  };
  const onRun = useMutation({ ...notesAddRunNoteMutation(), ...done });
  const onChange = useMutation({ ...notesAddChangeNoteMutation(), ...done });
  const add = runId != null ? onRun : onChange;
  if (!hasRole(session, "editor")) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (runId != null) onRun.mutate({ path: { run_id: runId }, body: { text } });
    else if (changeId != null) onChange.mutate({ path: { change_id: changeId }, body: { text } });
  };
  return (
    <form onSubmit={submit} className="row note-form" aria-label={label}>
      <label className="visually-hidden" htmlFor={`note-${runId ?? "c"}-${changeId ?? "r"}`}>
        {label}
      </label>
      <textarea
        id={`note-${runId ?? "c"}-${changeId ?? "r"}`}
        rows={2}
        maxLength={4000}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="What should the team know? (an upgrade, a noisy neighbour, why it changed)"
      />
      <button type="submit" disabled={add.isPending || !text.trim()}>
        Add note
      </button>
      <FieldError error={add.error} path="text" />
    </form>
  );
}
