// Words and numbers for "what bounded the run" (contract/verdict.py, computed by worker/verdicts):
// a label and tone per bound kind, what it means for the reader, and evidence values with units.
import type { Evidence, RunVerdict } from "../client/types.gen";
import { decimal } from "../format/units";

export type BoundKind = RunVerdict["kind"];
export type Tone = "ok" | "warn" | "bad" | "info" | "";

export const BOUNDS: Record<BoundKind, { label: string; tone: Tone; meaning: string }> = {
  maxconn: {
    label: "maxconn / queue",
    tone: "warn",
    meaning: "HAProxy's connection limit was full or requests queued: raise maxconn or the servers' capacity to go further.",
  },
  errors: {
    label: "errors",
    tone: "bad",
    meaning: "Too many requests failed for the throughput to mean anything; read the error kinds first.",
  },
  offered_load: {
    label: "offered load",
    tone: "ok",
    meaning: "Open loop: the proxy kept up with the requested rate; nothing bound it at this rate.",
  },
  proxy_cpu: {
    label: "proxy CPU",
    tone: "info",
    meaning: "HAProxy (or its host) had no CPU left: this is the proxy's own limit.",
  },
  injector: {
    label: "injector",
    tone: "warn",
    meaning:
      "An injector fell behind (its send schedule, its host's CPU or NIC): the figures measure the clients, not HAProxy.",
  },
  // Stored by older workers (the injector host's CPU alone): read as injector-bound.
  client_cpu: {
    label: "injector (client CPU)",
    tone: "warn",
    meaning: "The injector host ran out of CPU: the figures measure the clients, not HAProxy.",
  },
  network: {
    label: "network",
    tone: "info",
    meaning: "Bytes/s reached the link's cap (or a flat plateau with idle CPUs): the wire was the limit.",
  },
  upstream: {
    label: "upstream",
    tone: "info",
    meaning: "The servers' response time made most of the latency; the proxy was not saturated.",
  },
  concurrency: {
    label: "concurrency",
    tone: "ok",
    meaning: "Closed loop, nothing saturated: throughput is clients / latency; add clients to push further.",
  },
  unknown: { label: "unknown", tone: "", meaning: "Not enough data to say what bounded the run." },
};

export function boundInfo(kind: string | null | undefined) {
  return BOUNDS[(kind ?? "unknown") as BoundKind] ?? BOUNDS.unknown;
}

const num = decimal;

/** "1,234.5 req/s", "42 %", "23.4 MB/s" (bytes per second are shown in MB/s, = / 1e6). */
export function formatEvidence(e: Pick<Evidence, "value" | "unit">): string {
  const unit = e.unit ?? "";
  if (unit === "B/s") return `${num(e.value / 1e6, 2)} MB/s`;
  if (unit === "B") return `${num(e.value / 1e6, 2)} MB`;
  const digits = Math.abs(e.value) >= 100 ? 0 : Math.abs(e.value) >= 10 ? 1 : 2;
  if (unit === "") return num(e.value, digits);
  return `${num(e.value, digits)} ${unit}`;
}
