// Skeleton rows of a fixed height while data loads, so the page does not jump when it arrives.
export function LoadingState({ label = "Loading", rows = 3 }: { label?: string; rows?: number }) {
  return (
    <div className="loading" role="status" aria-live="polite" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton" style={{ width: `${92 - i * 13}%` }} />
      ))}
      <span className="visually-hidden">{label}…</span>
    </div>
  );
}
