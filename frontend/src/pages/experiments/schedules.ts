// Words and tones for schedules: what a firing did, what a policy means, when the next one is.
import type { FiringOut, ScheduleOut } from "../../client/types.gen";

export type FiringOutcome = FiringOut["outcome"];

const OUTCOMES: Record<FiringOutcome, { label: string; tone: "ok" | "warn" | "bad" }> = {
  launched: { label: "launched", tone: "ok" },
  skipped_lab_busy: { label: "skipped: lab busy", tone: "warn" },
  skipped_previous_running: { label: "skipped: previous launch still running", tone: "warn" },
  refused: { label: "refused", tone: "bad" },
};

export function firingLabel(outcome: FiringOutcome): string {
  return OUTCOMES[outcome].label;
}

export function firingTone(outcome: FiringOutcome): string {
  return OUTCOMES[outcome].tone;
}

export const LAB_BUSY_CHOICES: { value: ScheduleOut["if_lab_busy"]; label: string }[] = [
  { value: "queue", label: "queue behind the lab's other runs" },
  { value: "skip", label: "skip this time" },
];

export const PREVIOUS_RUNNING_CHOICES: { value: ScheduleOut["if_previous_running"]; label: string }[] = [
  { value: "skip", label: "skip this time" },
  { value: "queue", label: "queue another launch behind it" },
];

/** "in 5 min", "in 3 h", "in 2 d": how far a future time is (the date is shown beside it). */
export function untilText(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return "";
  if (seconds < 60) return seconds <= 0 ? "due now" : `in ${seconds} s`;
  if (seconds < 3600) return `in ${Math.round(seconds / 60)} min`;
  if (seconds < 86400) return `in ${Math.round(seconds / 3600)} h`;
  return `in ${Math.round(seconds / 86400)} d`;
}

/** A time as the schedule's zone reads it ("Fri 27 Nov, 02:00"), the zone named once beside it. */
export function inZone(iso: string, timeZone: string): string {
  try {
    return new Date(iso).toLocaleString(undefined, { timeZone, weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZoneName: "short" });
  } catch {
    return new Date(iso).toISOString();
  }
}

/** The browser's own IANA zone, the default for a new schedule. */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
