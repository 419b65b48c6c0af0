// Errors for a whole section (e.g. "proxy.backends.0" itself, or a cross-field problem on it)
// that no single knob shows.
import { useDesigner } from "./DesignerContext";

export function SectionErrors({ path }: { path: string }) {
  const { fields } = useDesigner();
  const here = fields.filter((f) => f.field === path);
  if (here.length === 0) return null;
  return (
    <p className="field-error" role="alert" data-field={`spec.${path}`}>
      {here.map((f) => f.message).join("; ")}
    </p>
  );
}
