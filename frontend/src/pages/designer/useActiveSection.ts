// Which section of the designer's form is being edited: the one at the top of the screen as the
// form scrolls, or the one holding the keyboard focus (set by the form's onFocus). The side
// column shows what belongs to it (the load profile, the sweep's points).
import { useEffect, useState } from "react";

export type SectionId = "proxy" | "target" | "load" | "sweep" | "search" | "thresholds";

export const SECTIONS: { id: SectionId; title: string }[] = [
  { id: "proxy", title: "HAProxy" },
  { id: "target", title: "Target" },
  { id: "load", title: "Load" },
  { id: "sweep", title: "Sweep" },
  { id: "search", title: "Capacity search" },
  { id: "thresholds", title: "Thresholds" },
];

export const sectionAnchor = (id: SectionId) => `designer-${id}`;

export function useActiveSection(enabled: boolean): [SectionId, (id: SectionId) => void] {
  const [active, setActive] = useState<SectionId>("proxy");
  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      // The last section whose top has passed 30% of the screen's height; at the bottom of the
      // page, the last one in view (a short last section never reaches that line).
      const line = window.innerHeight * 0.3;
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4;
      let current: SectionId | null = null;
      for (const s of SECTIONS) {
        const top = document.getElementById(sectionAnchor(s.id))?.getBoundingClientRect().top;
        if (top != null && (top <= line || (atBottom && top < window.innerHeight))) current = s.id;
      }
      if (current) setActive(current);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(measure);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [enabled]);
  return [active, setActive];
}
