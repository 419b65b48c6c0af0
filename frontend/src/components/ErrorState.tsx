// Show an API error as the API phrased it: message, code and the per-field problems.
import { toApiError } from "../api/apiError";

export function ErrorState({ error, title = "Something went wrong", compact = false, onRetry }: {
  error: unknown;
  title?: string;
  compact?: boolean;
  onRetry?: () => void;
}) {
  const e = toApiError(error ?? "Unknown error", 0);
  return (
    <div className={compact ? "error-state compact" : "error-state"} role="alert">
      {!compact && <h2>{e.status === 404 ? "Not found" : title}</h2>}
      <p>
        {e.message}
        {e.status > 0 && <span className="muted"> ({e.code}, HTTP {e.status})</span>}
      </p>
      {e.fields.length > 0 && (
        <ul className="field-list">
          {e.fields.map((f, i) => (
            <li key={i}>
              <code>{f.field}</code>: {f.message}
            </li>
          ))}
        </ul>
      )}
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
