// The API's messages for one field (by dotted path), rendered under its input.
// Pass the mutation's error (any type; non-API errors render nothing) or a ready field list.
import type { ApiFieldError } from "../api/apiError";
import { fieldsOf, messagesAt } from "../api/fieldErrors";

export function FieldError({ error, fields, path, id }: { error?: unknown; fields?: ApiFieldError[]; path: string; id?: string }) {
  const messages = messagesAt(fields ?? fieldsOf(error), path);
  if (messages.length === 0) return null;
  return (
    <span className="field-error" role="alert" id={id} data-field={path}>
      {messages.join("; ")}
    </span>
  );
}

/** Errors that name no single input (a whole list or section), one line each. */
export function FieldErrorList({ errors }: { errors: ApiFieldError[] }) {
  if (errors.length === 0) return null;
  return (
    <ul className="field-error field-list" role="alert">
      {errors.map((f, i) => (
        <li key={i}>{f.message}</li>
      ))}
    </ul>
  );
}

/** The last cell of an editable table's row: removes the row, for those who may edit. */
export function RemoveRowCell({ canEdit, disabled, onRemove }: { canEdit: boolean; disabled?: boolean; onRemove: () => void }) {
  if (!canEdit) return null;
  return (
    <td>
      <button type="button" className="link" disabled={disabled} onClick={onRemove}>
        Remove
      </button>
    </td>
  );
}
