// Save & launch, always in reach: the lab, Save, Save & launch (or why it cannot yet), and how many
// runs that starts and for about how long (sweepEstimate.ts). At the top of the sticky side column
// on a desktop; pinned to the bottom of the screen on a phone (designer.css).
import type { ReactNode } from "react";

import { duration } from "../../format/time";
import { LabPicker } from "./LabPicker";
import { estimateSweep, RUN_OVERHEAD_S } from "./sweepEstimate";

export function LaunchBar({ spec, labId, onLab, linkShaping, saveLabel, launchLabel, canSave, launchBlocker, busy, onSave, onLaunch, children }: {
  spec: Record<string, unknown>;
  labId: number | null;
  onLab: (id: number | null) => void;
  linkShaping?: boolean;
  saveLabel: string;
  launchLabel: string;
  canSave: boolean;
  /** Why Launch is disabled, in a few words; null when it is not. */
  launchBlocker: string | null;
  busy: boolean;
  onSave: () => void;
  onLaunch: () => void;
  /** A refused save or launch, said where the buttons are. */
  children?: ReactNode;
}) {
  const estimate = estimateSweep(spec);
  const repetitions = Math.max(Number(spec.repetitions ?? 1), 1);
  return (
    <div className="launch-bar" role="region" aria-label="Save and launch">
      <LabPicker labId={labId} onChange={onLab} spec={spec} linkShaping={linkShaping} />
      <div className="launch-actions">
        <button type="button" onClick={onSave} disabled={!canSave || busy}>
          {saveLabel}
        </button>
        <button type="button" className="primary" onClick={onLaunch} disabled={busy || launchBlocker != null} title={launchBlocker ?? undefined} aria-describedby="launch-status">
          {launchLabel}
        </button>
        <span id="launch-status" className="small launch-status" aria-live="polite">
          {busy ? "working…" : launchBlocker}
        </span>
      </div>
      <p className="estimate small" data-testid="sweep-estimate">
        <strong>
          {estimate.upTo && "up to "}
          {estimate.runs} {estimate.upTo ? "probe " : ""}run{estimate.runs === 1 ? "" : "s"}
        </strong>
        , {estimate.upTo ? "at most" : "about"} <strong>{duration(estimate.totalSeconds)}</strong>
        <span className="muted">
          {" "}
          ({estimate.points} point{estimate.points === 1 ? "" : "s"} × {repetitions} repetition
          {repetitions === 1 ? "" : "s"}
          {estimate.upTo && `, a search each, ${estimate.runs / Math.max(estimate.points * repetitions, 1)} probes at most`}, {duration(estimate.secondsPerRun)} a run incl. ~{RUN_OVERHEAD_S} s
          orchestration)
        </span>
      </p>
      {children}
    </div>
  );
}
