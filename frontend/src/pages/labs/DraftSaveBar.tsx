// The end of an editable lab table's toolbar: discard, save, and what state the draft is in.
export function DraftSaveBar({ dirty, pending, saved, label, onDiscard }: { dirty: boolean; pending: boolean; saved: boolean; label: string; onDiscard: () => void }) {
  return (
    <>
      <span style={{ flex: 1 }} />
      {dirty && (
        <button type="button" className="link" onClick={onDiscard} disabled={pending}>
          Discard changes
        </button>
      )}
      <button type="submit" className="primary" disabled={!dirty || pending}>
        {pending ? "Saving…" : label}
      </button>
      <span className="small muted" role="status" aria-live="polite" style={{ minWidth: "8.5em" }}>
        {saved && !dirty ? "Saved." : dirty ? "Unsaved changes" : ""}
      </span>
    </>
  );
}
