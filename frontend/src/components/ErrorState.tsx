// An error in people's words (api/humanError): what happened, the API's own sentence, the fields
// it refused, and a way on: try again when that can help, otherwise back or home. The code and
// status stay in a tooltip for bug reports.
import { toApiError } from "../api/apiError";
import { humanError } from "../api/humanError";

export function ErrorState({ error, title, compact = false, onRetry }: {
  error: unknown;
  title?: string;
  compact?: boolean;
  onRetry?: () => void;
}) {
  const e = toApiError(error ?? "Unknown error", 0);
  const human = humanError(e, title);
  // A caller's title names what failed ("The run did not load"); a 404 or 401 says it better.
  const heading = title && human.retryable ? title : human.title;
  const inBrowser = typeof window !== "undefined";
  const here = inBrowser ? window.location.pathname : "/";
  return (
    <div className={compact ? "error-state compact" : "error-state"} role="alert" title={human.technical}>
      {compact ? (
        <p>
          <strong>{heading}.</strong> {human.sentence}
        </p>
      ) : (
        <>
          <h2>{heading}</h2>
          <p>{human.sentence}</p>
        </>
      )}
      {e.fields.length > 0 && (
        <ul className="field-list">
          {e.fields.map((f, i) => (
            <li key={i}>
              <code>{f.field}</code>: {f.message}
            </li>
          ))}
        </ul>
      )}
      <div className="row">
        {onRetry && human.retryable && (
          <button type="button" onClick={onRetry}>
            Try again
          </button>
        )}
        {e.status === 401 && <a href={`/login?next=${encodeURIComponent(here)}`}>Sign in</a>}
        {!compact && !human.retryable && e.status !== 401 && (
          <>
            {inBrowser && window.history.length > 1 && (
              <button type="button" className="link" onClick={() => window.history.back()}>
                Go back
              </button>
            )}
            <a href="/">Home</a>
          </>
        )}
      </div>
    </div>
  );
}
