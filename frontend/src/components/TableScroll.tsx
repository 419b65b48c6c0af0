// A wide table's own horizontal scroller, so a phone never scrolls the whole page sideways. While
// it really scrolls it is a focusable, named region: keyboard users can scroll it with the arrow
// keys, and axe (scrollable-region-focusable) requires exactly that. At full width it is no tab stop.
import { useEffect, useRef, useState, type ReactNode } from "react";

export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === "undefined") return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    // observe() reports each element once when it is first laid out, so no measure() here: reading
    // scrollWidth during the effect would force a layout of the whole page (~60 ms on Compare).
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="table-scroll" {...(scrolls ? { tabIndex: 0, role: "region", "aria-label": label } : {})}>
      {children}
    </div>
  );
}
