// A launch's capacity as GET /launches/{id} gives it, typed by the generated client: three
// maxconn points (one answered by three searches, one probing, one injector-bound). The unit
// tests and the browser steps (e2e/capacity.ts) read it.
import type { LaunchCapacity, ProbeRun, SearchRun } from "../../client/types.gen";

const probe = (run_id: number, value: number, passed: boolean | null, extra: Partial<ProbeRun> = {}): ProbeRun => ({
  run_id,
  value,
  state: passed == null ? "running" : "succeeded",
  passed,
  rps: passed == null ? null : value * 0.998,
  latency_p99_ms: passed == null ? null : passed ? 41 : 180,
  error_pct: passed == null ? null : 0,
  failed_rule: passed === false ? "latency_p99_ms < 100" : null,
  ...extra,
});

const answered = (id: number, repetition: number, capacity: number, probes: ProbeRun[]): SearchRun => ({
  id,
  point_index: 0,
  repetition,
  probes,
  answer: {
    outcome: "capacity",
    capacity,
    bracket_low: capacity,
    bracket_high: capacity + 8,
    safe: Math.round(capacity * 0.8),
    failed_rule: "latency_p99_ms < 100",
    within_precision: true,
    probes: probes.length,
    sentence: `capacity ${capacity} req/s`,
  },
});

export const CAPACITY: LaunchCapacity = {
  search: {
    vary: "load.rate",
    objective: [{ metric: "latency_p99_ms", operator: "<", value: 100 }],
    start: 100,
    max: 4000,
    precision: 0.02,
    safe_fraction: 0.8,
  },
  unit: "req/s",
  done: false,
  points: [
    {
      point_index: 0,
      params: { "proxy.backends.0.servers.0.maxconn": 10 },
      outcome: "capacity",
      capacity: 504,
      ci_low: 492,
      ci_high: 516,
      safe: 403,
      sentence: "capacity 504 req/s",
      searches: [
        answered(1, 0, 500, [probe(11, 100, true), probe(12, 200, true), probe(13, 400, true), probe(14, 800, false), probe(15, 600, false), probe(16, 500, true), probe(17, 550, false), probe(18, 525, false), probe(19, 512, false)]),
        answered(2, 1, 506, [probe(21, 100, true), probe(22, 200, true), probe(23, 400, true), probe(24, 800, false), probe(25, 600, false), probe(26, 500, true), probe(27, 550, false), probe(28, 525, false), probe(29, 512, true)]),
        answered(3, 2, 506, [probe(31, 100, true), probe(32, 200, true), probe(33, 400, true), probe(34, 800, false), probe(35, 600, false), probe(36, 500, true), probe(37, 550, false), probe(38, 525, false), probe(39, 512, true)]),
      ],
    },
    {
      point_index: 1,
      params: { "proxy.backends.0.servers.0.maxconn": 20 },
      outcome: null,
      capacity: null,
      ci_low: null,
      ci_high: null,
      safe: null,
      sentence: "probing",
      searches: [
        { id: 4, point_index: 1, repetition: 0, answer: null, probes: [probe(41, 100, true), probe(42, 200, true), probe(43, 400, true), probe(44, 800, true), probe(45, 1600, false), probe(46, 1200, null)] },
      ],
    },
    {
      point_index: 2,
      params: { "proxy.backends.0.servers.0.maxconn": 200 },
      outcome: "inconclusive",
      capacity: null,
      ci_low: null,
      ci_high: null,
      safe: null,
      sentence: "inconclusive: injector-bound at 3,200 req/s",
      searches: [
        {
          id: 5,
          point_index: 2,
          repetition: 0,
          probes: [probe(51, 100, true), probe(52, 200, true), probe(53, 400, true), probe(54, 800, true), probe(55, 1600, true), probe(56, 3200, false, { inconclusive: "injector-bound (sent 2,410 of 3,200 req/s on time)", failed_rule: null })],
          answer: { outcome: "inconclusive", bracket_low: 1600, probes: 6, sentence: "inconclusive: injector-bound at 3,200 req/s" },
        },
      ],
    },
  ],
};
