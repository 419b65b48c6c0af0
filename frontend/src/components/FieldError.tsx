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
