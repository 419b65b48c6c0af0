import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";

import type { RunDetail, RunSlim } from "../../client/types.gen";
import { RunProgress } from "./RunProgress";

const base = {
  id: 12,
  state: "queued",
  lab_name: "local lab",
  spec: { load: { warmup_s: 0, duration_s: 5, driver: "hey" } },
  started_at: null,
  finished_at: null,
  state_changed_at: null,
  cancel_requested_at: null,
  error: null,
  overhead_s: 1.5,
  queue: null,
  outcome: { kind: "in_progress", label: "queued", tone: "active", rules_judged: 0, rules_failed: 0 },
} as unknown as RunDetail;

const render = (run: Partial<RunDetail>, extra: { since?: number | null; launchRuns?: RunSlim[]; stoppedIn?: "warming" | null } = {}) =>
  renderToString(
    <MemoryRouter>
      <RunProgress run={{ ...base, ...run }} since={extra.since ?? null} stoppedIn={extra.stoppedIn ?? null} launchRuns={extra.launchRuns} />
    </MemoryRouter>,
  ).replaceAll("<!-- -->", "");

describe("RunProgress", () => {
  it("shows a queued run's place on its lab and when it should start", () => {
    const html = render({ queue: { position: 2, runs_ahead: 2, active_run_id: 7, expected_start_at: new Date(Date.now() + 95_000).toISOString() } });
    expect(html).toContain('data-testid="queue-position"');
    expect(html).toContain("position 2");
    expect(html).toContain("2 runs ahead");
    expect(html).toContain('href="/runs/7"');
    expect(html).toMatch(/in about 1 min 3\d s/);
    expect(html).toContain("+ 1.5 s of orchestration");
    expect(html).not.toContain("left</span>"); // no countdown for phases that have not begun
  });

  it("gives every phase a labelled progressbar and highlights the current one", () => {
    const html = render({ state: "running" }, { since: Date.now() - 2000 });
    expect(html).toContain('data-testid="phase-progress"');
    expect(html.match(/role="progressbar"/g)).toHaveLength(4);
    expect(html).toMatch(/aria-current="step"[^>]*data-phase="running"/);
    expect(html).toMatch(/aria-label="Measuring" aria-valuemin="0" aria-valuemax="100" aria-valuenow="40"/);
    expect(html).toContain("the load ends in 3 s");
    expect(html).not.toContain("run-end-state");
  });

  it("ends with the state, the reason and where a failed run stopped, in one line", () => {
    const outcome = { kind: "failed", label: "failed", tone: "bad", rules_judged: 0, rules_failed: 0 } as const;
    const html = render(
      { state: "failed", outcome, error: "agent injector-1 went silent", created_at: "2026-01-01T09:59:59.700Z", started_at: "2026-01-01T10:00:00Z", finished_at: "2026-01-01T10:00:09Z" },
      { stoppedIn: "warming" },
    );
    expect(html).toContain('data-testid="run-end-state"');
    expect(html).toContain("while warming up");
    expect(html).toContain("agent injector-1 went silent");
    expect(html).toContain("finished in 9.3 s: queued 0.3 s, in the lab 9 s");
    // The stages are history: no bars once the run is over.
    expect(html).not.toContain('data-testid="phase-progress"');
    expect(html).not.toContain('role="progressbar"');
  });

  it("says how long each stage of a finished run took", () => {
    const html = render({
      state: "succeeded",
      spec: { load: { warmup_s: 2, duration_s: 6, driver: "hey" } },
      created_at: "2026-01-01T10:00:00Z",
      started_at: "2026-01-01T10:00:00.300Z",
      finished_at: "2026-01-01T10:00:14Z",
      summary: { completeness: { complete: true, asked_s: 6, measured_s: 6, load_started_at: "2026-01-01T10:00:04.300Z", load_ended_at: "2026-01-01T10:00:10.300Z" } },
    } as unknown as Partial<RunDetail>);
    expect(html).toContain("finished in 14 s: queued 0.3 s, prepared 2 s, warmed up 2 s, measured 6 s, collected 3.7 s");
  });

  it("draws a stage not started as an empty bar, whatever the run shown before it", () => {
    const html = render({ queue: { position: 1, runs_ahead: 1, active_run_id: 7, expected_start_at: new Date(Date.now() + 5_000).toISOString() } });
    const pending = html.match(/data-status="pending"[\s\S]*?<\/li>/g) ?? [];
    expect(pending).toHaveLength(4);
    for (const phase of pending) {
      expect(phase).toContain('aria-valuenow="0"');
      expect(phase).not.toContain("progress-fill");
      expect(phase).toContain("waiting");
    }
  });

  it("ends a succeeded run whose rules failed in amber, saying so, never a green Succeeded", () => {
    const outcome = { kind: "rules_failed", label: "succeeded, 1 of 3 rules failed", tone: "warning", rules_judged: 3, rules_failed: 1 } as const;
    const html = render({ state: "succeeded", outcome, started_at: "2026-01-01T10:00:00Z", finished_at: "2026-01-01T10:00:09Z" });
    expect(html).toMatch(/class="end-state tone-warn"[^>]*data-state="succeeded"/);
    expect(html).toContain("<strong>Succeeded, 1 of 3 rules failed</strong>");
    expect(html).toContain('class="badge warn"');
    expect(html).not.toContain("tone-ok");
  });

  it("shows a sweep as run k of n with its time left, or waiting for its lab", () => {
    const launch = (viewed: RunSlim["state"], startedAt: string | null) =>
      [
        { id: 11, state: "succeeded", started_at: null },
        { id: 12, state: viewed, started_at: startedAt },
        { id: 13, state: "queued", started_at: null },
      ] as RunSlim[];
    // Run 12 began preparing 3 s ago: 5 + 1.5 - 3 = 3.5 s left of it, then 6.5 s for run 13.
    const startedAt = new Date(Date.now() - 3000).toISOString();
    const executing = render({ state: "preparing", started_at: startedAt }, { launchRuns: launch("preparing", startedAt) });
    expect(executing).toContain('data-testid="sweep-progress"');
    expect(executing).toContain("Run 2 of 3 · 1 of 3 runs finished · about 10 s left for the sweep");
    expect(executing).toMatch(/aria-label="Sweep progress"[^>]*aria-valuenow="49"/);
    // Queued behind another launch: its expected start comes first.
    const queue = { position: 4, runs_ahead: 4, active_run_id: 3, expected_start_at: new Date(Date.now() + 60_400).toISOString() };
    const waiting = render({ queue }, { launchRuns: launch("queued", null) });
    expect(waiting).toContain("Waiting for the lab · 1 of 3 runs finished · about 1 min 13 s left for the sweep");
  });
});
