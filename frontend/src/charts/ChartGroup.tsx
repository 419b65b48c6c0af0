// The charts of one page that share a time axis: one crosshair and synchronized tooltips
// (Recharts' syncId, matched by x value), one zoom range (dragged on any of them, reset from
// that one), and one "Smooth (5 s average)" switch. A chart outside a group gets its own.
import { createContext, useContext, useId, useMemo, useState, type ReactNode } from "react";

import { SMOOTH_WINDOW_S } from "./smoothing";
import type { XRange } from "./zoom";

export type ChartZoom = XRange & { by: string };

export type ChartGroupState = {
  syncId: string;
  smooth: boolean;
  setSmooth: (on: boolean) => void;
  zoom: ChartZoom | null;
  setZoom: (zoom: ChartZoom | null) => void;
};

const GroupContext = createContext<ChartGroupState | null>(null);

function useGroupState(smooth?: boolean, onSmooth?: (on: boolean) => void): ChartGroupState {
  const syncId = useId();
  const [localSmooth, setLocalSmooth] = useState(false);
  const [zoom, setZoom] = useState<ChartZoom | null>(null);
  // Smoothing can be controlled (the Compare page keeps it in the URL) or local.
  const on = smooth ?? localSmooth;
  const set = onSmooth ?? setLocalSmooth;
  return useMemo(() => ({ syncId, smooth: on, setSmooth: set, zoom, setZoom }), [syncId, on, set, zoom]);
}

export function ChartGroup({ children, smooth, onSmooth }: { children: ReactNode; smooth?: boolean; onSmooth?: (on: boolean) => void }) {
  const state = useGroupState(smooth, onSmooth);
  return <GroupContext.Provider value={state}>{children}</GroupContext.Provider>;
}

/** The enclosing group, or this chart's own when it stands alone. */
export function useChartGroup(): ChartGroupState {
  const own = useGroupState();
  return useContext(GroupContext) ?? own;
}

export function SmoothToggle() {
  const { smooth, setSmooth } = useChartGroup();
  return (
    <label className="check chart-smooth">
      <input type="checkbox" checked={smooth} onChange={(e) => setSmooth(e.target.checked)} />
      Smooth ({SMOOTH_WINDOW_S} s average)
    </label>
  );
}
