import { describe, expect, it } from "vitest";

import type { RunDetail, RunSlim } from "../../client/types.gen";
import { ceilSeconds, liveProgress, runProgress, stoppedIn, sweepProgress } from "./progress";

const spec = { load: { warmup_s: 2, duration_s: 8 } };
const T0 = Date.parse("2026-01-01T00:00:00Z");
const at = (s: number) => T0 + s * 1000;
const statuses = (p: ReturnType<typeof liveProgress>) => p.phases.map((v) => v.status);

describe("one run's live progress", () => {
  it("shows nothing scheduled while queued or preparing", () => {
    const queued = liveProgress({ state: "queued", since: T0, spec }, at(30));
    expect(queued).toMatchObject({ current: null, loadLeft: null, loadElapsed: 0 });
    expect(statuses(queued)).toEqual(["pending", "pending", "pending", "pending"]);
    const preparing = liveProgress({ state: "preparing", since: T0, spec }, at(1));
    expect(preparing.current).toBe("preparing");
    expect(preparing.phases[0]).toMatchObject({ status: "current", fraction: null });
    expect(preparing.loadLeft).toBeNull();
  });

  it("counts the warm-up down, never promising the load ends before its measured duration", () => {
    const p = liveProgress({ state: "warming", since: T0, spec }, at(0.5));
    expect(p.phases[1]).toMatchObject({ status: "current", fraction: 0.25, remaining: 1.5 });
    expect(p.loadLeft).toBe(9.5);
    // The start lead can make warming outlast warmup_s: the load still has its 8 s to go.
    expect(liveProgress({ state: "warming", since: T0, spec }, at(2.6)).loadLeft).toBe(8);
    // No warm-up: warming is only the start lead, a bar without a length.
    const noWarmup = liveProgress({ state: "warming", since: T0, spec: { load: { warmup_s: 0, duration_s: 8 } } }, at(0.2));
    expect(noWarmup.phases[1]).toMatchObject({ fraction: null, remaining: null });
  });

  it("reaches 0 s left exactly when the load ends, then says collecting", () => {
    const running = (s: number) => liveProgress({ state: "running", since: T0, spec }, at(s));
    expect(running(3).loadLeft).toBe(5);
    expect(ceilSeconds(running(7.999).loadLeft!)).toBe(1); // a countdown shows 1 s until the very end
    expect(running(7.999).current).toBe("running");
    const end = running(8);
    expect(end.loadLeft).toBe(0);
    expect(end.current).toBe("collecting");
    expect(end.phases[2]).toMatchObject({ status: "done", fraction: 1 });
    // While the tool exits and the worker collects (state still `running`): an indeterminate bar.
    expect(running(20).phases[3]).toMatchObject({ status: "current", fraction: null, remaining: null });
    expect(statuses(liveProgress({ state: "collecting", since: T0, spec }, at(1)))).toEqual(["done", "done", "done", "current"]);
  });

  it("ends with every phase done, or done up to where it stopped", () => {
    expect(statuses(liveProgress({ state: "succeeded", since: T0, spec }, at(0)))).toEqual(["done", "done", "done", "done"]);
    expect(statuses(liveProgress({ state: "partial", since: T0, spec }, at(0)))).toEqual(["done", "done", "done", "done"]);
    const failed = liveProgress({ state: "failed", since: T0, spec, stoppedIn: "warming" }, at(0));
    expect(statuses(failed)).toEqual(["done", "stopped", "not-reached", "not-reached"]);
    const cancelledInQueue = liveProgress({ state: "cancelled", since: T0, spec, stoppedIn: null }, at(0));
    expect(statuses(cancelledInQueue)).toEqual(["not-reached", "not-reached", "not-reached", "not-reached"]);
  });

  it("gives the home page the load's elapsed and left from the phase clock, not from started_at", () => {
    const run = { state: "running" as const, state_changed_at: new Date(T0).toISOString(), spec };
    expect(runProgress(run, at(4))).toEqual({ elapsed: 6, remaining: 4, fraction: 0.6 });
  });
});

describe("where a failed run stopped", () => {
  const base = { started_at: "2026-01-01T00:00:00Z", command_lines: {}, summary: null, spec: { load: { driver: "wrk" as const } } };
  const window = (complete: boolean) =>
    ({ total: { requests: 1, successes: 1, duration_s: 1, rps: 1, bytes_per_s: 0 }, completeness: { complete, asked_s: 8, measured_s: 3, load_started_at: "2026-01-01T00:00:02Z" } }) as RunDetail["summary"];

  it("takes the live stream's last state when the page saw it", () => {
    expect(stoppedIn(base, "running")).toBe("running");
    expect(stoppedIn(base, "failed")).toBe("preparing"); // a terminal state says nothing: read the run
  });

  it("reads the rest from what the run kept", () => {
    expect(stoppedIn({ ...base, started_at: null }, null)).toBeNull();
    expect(stoppedIn({ ...base, command_lines: { "proxy-1": [["/usr/sbin/haproxy", "-f", "x"]] } }, null)).toBe("preparing");
    expect(stoppedIn({ ...base, command_lines: { "inj-1": [["/usr/bin/wrk", "-c", "10"]] } }, null)).toBe("warming");
    expect(stoppedIn({ ...base, summary: window(false) }, null)).toBe("running");
    expect(stoppedIn({ ...base, summary: window(true) }, null)).toBe("collecting");
  });
});

describe("a sweep's progress", () => {
  let nextId = 1;
  const run = (state: RunSlim["state"], startedSecondsAgo: number | null = null) => ({ id: nextId++, state, started_at: startedSecondsAgo == null ? null : new Date(at(-startedSecondsAgo)).toISOString() });

  it("is run k of n with the time left of the executing run and of every queued one", () => {
    const runs = [run("succeeded", 50), run("failed", 30), run("running", 4), run("queued"), run("queued")];
    const p = sweepProgress(runs, 10, 2, T0);
    expect(p).toMatchObject({ total: 5, done: 2, current: 3, failed: 1, waiting: false });
    expect(p.remainingSeconds).toBe(8 + 2 * 12);
    expect(p.fraction).toBeCloseTo((2 + 4 / 12) / 5);
  });

  it("waits at run done + 1 between runs, and ends at n of n with nothing left", () => {
    expect(sweepProgress([run("succeeded", 20), run("queued")], 10, 2, T0)).toMatchObject({ current: 2, remainingSeconds: 12, waiting: true });
    // An executing run past its estimate: nothing more is promised for it.
    expect(sweepProgress([run("collecting", 60)], 10, 2, T0).remainingSeconds).toBe(0);
    expect(sweepProgress([run("succeeded", 20), run("partial", 5)], 10, 2, T0)).toMatchObject({ current: 2, done: 2, fraction: 1, remainingSeconds: 0, waiting: false });
  });

  it("adds the wait for the lab when the launch is queued behind other runs", () => {
    const launch = [run("queued"), run("queued"), run("queued")];
    // The viewed run is the launch's second: it starts in 100 s (the lab's queue, this launch's first run
    // included); then it and the third run each take 12 s.
    const p = sweepProgress(launch, 10, 2, T0, { runId: launch[1].id, startsInSeconds: 100 });
    expect(p).toMatchObject({ remainingSeconds: 124, waiting: true, done: 0 });
  });
});
