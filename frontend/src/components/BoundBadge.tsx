// The bound kind of a verdict as a badge ("client CPU", "maxconn / queue" ...), its meaning as the tooltip.
import "./figures.css";
import { boundInfo } from "./verdict";

export function BoundBadge({ kind }: { kind: string | null | undefined }) {
  if (!kind) return <span className="muted">—</span>;
  const info = boundInfo(kind);
  return (
    <span className={`badge ${info.tone}`.trim()} title={info.meaning} data-bound={kind}>
      {info.label}
    </span>
  );
}
