// Under the description field, when it is a template's sentence the spec no longer bears out
// (useTemplateDescription): the template's sentence, the one it would write for this spec, and
// the choice: update the text, clear it, or keep it as it is. Never changed without the person.
import type { DescriptionCheck } from "../../client/types.gen";

export function DescriptionNotice({ check, onUpdate, onKeep }: { check: DescriptionCheck; onUpdate: (text: string) => void; onKeep: () => void }) {
  if (!check.stale || check.template_id == null) return null;
  return (
    <div className="notice description-notice" role="status" data-testid="description-stale">
      <p>
        <strong>The description no longer matches the spec.</strong> It is template {check.template_id}&apos;s sentence
        {check.template_title ? ` (${check.template_title})` : ""}, and you changed what it describes.
      </p>
      {check.proposed ? (
        <p>
          For this spec it would read: <q data-testid="description-proposed">{check.proposed}</q>
        </p>
      ) : (
        <p>This spec no longer has what it describes: clear it, or write your own.</p>
      )}
      <div className="row">
        {check.proposed ? (
          <button type="button" className="primary" onClick={() => onUpdate(check.proposed!)}>
            Update the description
          </button>
        ) : (
          <button type="button" className="primary" onClick={() => onUpdate("")}>
            Clear the description
          </button>
        )}
        <button type="button" onClick={onKeep}>
          Keep it as it is
        </button>
      </div>
    </div>
  );
}
