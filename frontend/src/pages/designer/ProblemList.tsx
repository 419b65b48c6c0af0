// The messages of the whole spec beside the preview (problems, then warnings), each naming its
// field; the field's name is a button that takes the keyboard focus to its input.
import type { ApiFieldError } from "../../api/apiError";

export function ProblemList({ items, title, testId, warning = false }: { items: ApiFieldError[]; title: string; testId: string; warning?: boolean }) {
  if (items.length === 0) return null;
  return (
    <details className={warning ? "problems warnings" : "problems"} open>
      <summary>{title}</summary>
      <ul className="small" data-testid={testId}>
        {items.map((f, i) => (
          <li key={i}>
            <button type="button" className="link field-link" onClick={() => focusField(f.field)} title="Go to the field">
              <code>{f.field}</code>
            </button>
            : {f.message}
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * Focus the input of a spec path: the knob named exactly so, or its closest named parent
 * ("proxy.global.extra.1" is a line of the "proxy.global.extra" textarea).
 */
export function focusField(path: string): void {
  const parts = path.split(".");
  for (let n = parts.length; n > 0; n--) {
    const input = document.querySelector<HTMLElement>(`[name="${CSS.escape(parts.slice(0, n).join("."))}"]`);
    if (input) {
      input.scrollIntoView({ block: "center" });
      input.focus({ preventScroll: true });
      return;
    }
  }
}
