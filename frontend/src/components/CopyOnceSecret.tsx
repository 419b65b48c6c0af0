// A secret the API shows exactly once (API token, enrollment token or command): copy button and a
// plain warning that it cannot be retrieved again.
import { useState } from "react";

export function CopyOnceSecret({ label, secret, onDone, multiline = false }: { label: string; secret: string; onDone?: () => void; multiline?: boolean }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false); // clipboard refused (insecure origin): the text is selectable anyway
    }
  };
  return (
    <div className="secret" role="region" aria-label={label}>
      <p className="secret-label">
        <strong>{label}</strong> — shown once. Copy it now; it cannot be shown again.
      </p>
      {multiline ? (
        <pre className="secret-value" data-testid="secret-value">{secret}</pre>
      ) : (
        <code className="secret-value" data-testid="secret-value">{secret}</code>
      )}
      <div className="row">
        <button type="button" className="primary" onClick={copy}>
          {copied ? "Copied" : "Copy"}
        </button>
        {onDone && (
          <button type="button" onClick={onDone}>
            Done
          </button>
        )}
      </div>
    </div>
  );
}
