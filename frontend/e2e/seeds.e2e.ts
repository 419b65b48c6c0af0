// Acceptance (issue 5): every remaining seed template (001..004) runs to completion on the local
// lab from the browser. Each test: Templates -> "Use template" -> shorten the spec in the
// designer's Advanced (JSON) editor as a user would (read the text, edit, paste back) -> the
// rendered haproxy.cfg passes `haproxy -c` -> Save & launch -> History (filtered by the new
// experiment) until every run succeeded -> one seed-specific figure on each run page
// (KeyFigures), with a screenshot of each finished run.
import type { Locator, Page } from "@playwright/test";

import { env, snap } from "./env";
import { expect, test } from "./fixtures";

type Spec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type FinishedRun = { id: number; params: string };

/** The designer from a template card, shortened through the JSON editor; launched. Returns the experiment id. */
async function launchFromTemplate(page: Page, seed: string, name: string, shorten: (spec: Spec) => void): Promise<number> {
  await page.goto("/templates");
  await page.getByTestId(`template-${seed}`).getByRole("link", { name: "Use template" }).click();
  await expect(page).toHaveURL(new RegExp(`/experiments/new\\?template=${seed}$`));
  await page.locator("#exp-name").fill(name);
  await page.getByRole("tab", { name: "Advanced (JSON)" }).click();
  const editor = page.getByLabel("Spec JSON");
  const spec = JSON.parse(await editor.inputValue()) as Spec;
  shorten(spec);
  await editor.fill(JSON.stringify(spec, null, 2));
  await expect(page.getByRole("alert")).toHaveCount(0); // the text parses
  await page.locator("#lab-picker").selectOption(String(env.labId));
  // The rendered config as checked by haproxy -c: valid, no error under any line, no spec problem.
  await expect(page.getByTestId("validation-state")).toHaveText("valid", { timeout: 30_000 });
  await expect(page.getByText("haproxy -c: configuration is valid")).toBeVisible();
  await expect(page.getByTestId("rendered-config")).toBeVisible();
  await expect(page.getByTestId("rendered-config").locator(".cfg-error")).toHaveCount(0);
  await expect(page.getByTestId("spec-problems")).toHaveCount(0);
  await snap(page, `40-seed-${seed}-designer`);
  await page.getByRole("button", { name: "Save & launch" }).click();
  await page.waitForURL(/\/runs\/\d+$/, { timeout: 30_000 });
  const href = await page.getByRole("link", { name }).first().getAttribute("href");
  const experimentId = Number(/\/experiments\/(\d+)/.exec(href ?? "")?.[1]);
  expect(experimentId, `experiment link ${href}`).toBeGreaterThan(0);
  return experimentId;
}

/** History, filtered to the experiment, reloaded until all `count` runs ended; each must have succeeded. */
async function waitAllSucceeded(page: Page, seed: string, experimentId: number, count: number, timeoutMs: number): Promise<FinishedRun[]> {
  await page.goto(`/history?experiment=${experimentId}&order=oldest`);
  const rows = page.getByTestId("runs-table").locator("tbody tr");
  let states: string[] = [];
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(rows.first()).toBeVisible();
        states = await rows.locator("[data-state]").evaluateAll((els) => els.map((e) => e.getAttribute("data-state") ?? ""));
        return states.length === count && states.every((s) => ["succeeded", "partial", "failed", "cancelled"].includes(s));
      },
      { timeout: timeoutMs, intervals: [2000] },
    )
    .toBe(true);
  await expect(page.getByTestId("runs-total")).toContainText(`${count} runs`);
  await snap(page, `40-seed-${seed}-history`);
  const runs: FinishedRun[] = await rows.evaluateAll((trs) =>
    trs.map((tr) => ({
      id: Number(tr.querySelector("td.num a")?.textContent?.replace("#", "")),
      params: tr.querySelector("td.params")?.textContent ?? "",
    })),
  );
  // A run that did not succeed: its page says why (the worker's error), for the failure message.
  const why: string[] = [];
  for (const [i, state] of states.entries()) {
    if (state === "succeeded") continue;
    await page.goto(`/runs/${runs[i].id}`);
    const error = page.locator(".error-state").first();
    await error.waitFor({ timeout: 10_000 }).catch(() => undefined);
    why.push(`run ${runs[i].id} (${runs[i].params}) ${state}: ${(await error.textContent().catch(() => null)) ?? "no error shown"}`);
  }
  expect(states, `every run of the launch succeeded\n${why.join("\n")}`).toEqual(Array(count).fill("succeeded"));
  return runs;
}

/** A finished run's page with its key figures. */
async function openFinishedRun(page: Page, runId: number): Promise<Locator> {
  await page.goto(`/runs/${runId}`);
  // The state; the badge says the run's one verdict ("succeeded, 1 of 3 rules failed" when a
  // template's rule does not hold on this shortened run), never a bare green beside a failed rule.
  const state = page.getByTestId("run-state");
  await expect(state).toHaveAttribute("data-state", "succeeded");
  await expect(state).toHaveText(/^succeeded/);
  if ((await state.getAttribute("data-outcome")) === "rules_failed") await expect(state).not.toHaveClass(/\bok\b/);
  await expect(page.getByTestId("run-summary")).toBeVisible();
  await expect(page.getByTestId("run-verdict")).toBeVisible();
  // The load tool's own figures (SQL, open loop); a run of another kind has none.
  return page.getByTestId("key-figures");
}

/** A figure of the clients-vs-HAProxy table by its metric key (contract/metrics.py): "22.5 MB/s", "41". */
async function sideFigure(page: Page, metric: string): Promise<string> {
  const cell = page.getByTestId("run-summary").locator(`td[data-metric="${metric}"] .side-value`);
  await expect(cell).toHaveCount(1);
  return (await cell.innerText()).trim();
}

/** The value of one key figure ("12.3 s", "30 req/s", "1,234") in a group (sql, open_loop, ...). */
async function figure(figures: Locator, group: string, label: string): Promise<string> {
  const dt = figures.locator(`section[data-group="${group}"] dt`).filter({ hasText: new RegExp(`^${label}`) });
  await expect(dt).toHaveCount(1);
  return (await dt.locator("xpath=following-sibling::dd[1]").innerText()).trim();
}

const num = (text: string): number => Number(text.replace(/,/g, "").match(/-?\d+(\.\d+)?/)?.[0] ?? NaN);

test.describe("seed templates run to completion from the browser", () => {
  test.describe.configure({ timeout: 240_000 });

  test("001 MariaDB in TCP mode: mariadb-slap through HAProxy and direct", async ({ page }) => {
    const started = Date.now();
    const experimentId = await launchFromTemplate(page, "001", "e2e seed 001 mariadb", (spec) => {
      // mariadb-slap runs a number of queries, not a duration: they must fill at least half the
      // window or the run is too short to measure (2,000 quick queries once took 0.2 s of 5).
      // 10 ms a query on timers: 2 s an iteration through maxconn 10, 1 s direct with 20 clients,
      // so the direct run gets twice the iterations and both fill 4 s of the 5.
      spec.load = { ...spec.load, connections: 20, duration_s: 5, warmup_s: 0 };
      spec.load.sql = { ...spec.load.sql, query: "SELECT SLEEP(0.01)", number_of_queries: 2000, iterations: 2 };
      spec.proxy.listens[0].target_servers.maxconn = 10;
      spec.sweep = {
        axes: [{ path: "load.via", values: ["proxy", "direct"], label: "via", linked: [{ path: "load.sql.iterations", values: [2, 4] }] }],
      };
    });
    const runs = await waitAllSucceeded(page, "001", experimentId, 2, 150_000);
    expect(runs.map((r) => r.params)).toEqual(["via=proxy, iterations=2", "via=direct, iterations=4"]);
    for (const [run, via] of runs.map((r, i) => [r, ["proxy", "direct"][i]] as const)) {
      const figures = await openFinishedRun(page, run.id);
      const seconds = await figure(figures, "sql", "seconds per iteration");
      const qps = await figure(figures, "sql", "queries/s");
      expect(seconds).toMatch(/ s$/);
      expect(num(seconds)).toBeGreaterThan(0);
      expect(num(qps)).toBeGreaterThan(0);
      expect(await figure(figures, "sql", "clients × queries each")).toBe("20 × 100");
      // Charts that cannot apply are one line with the reason: HAProxy's, of the run that went
      // past it; requests per second, of a proxy in TCP mode (it counts sessions, not requests).
      const folds = page.getByTestId("chart-folds");
      if (via === "direct") {
        await expect(folds.locator('[data-folded="proxy"]')).toContainText("load.via: direct");
        await expect(page.getByTestId("chart-rps")).toHaveCount(0);
        await expect(page.getByTestId("chart-sessions")).toHaveCount(0);
      } else {
        await expect(page.getByTestId("chart-rps-folded")).toContainText("TCP mode");
        await expect(page.getByTestId("chart-sessions")).toBeVisible();
      }
      await expect(page.getByTestId("chart-cpu")).toBeVisible();
      // No per-query latency: said so, never "nothing succeeded"; the window was filled (no greyed figures).
      await expect(page.getByTestId("run-headline").locator('[data-figure="latency"]')).toContainText("not measured by mariadb-slap");
      await expect(page.getByText("nothing succeeded")).toHaveCount(0);
      await expect(page.getByTestId("run-headline").locator(".tone-muted[data-figure='rate']")).toHaveCount(0);
      await snap(page, `41-seed-001-${via}`);
      console.log(`seed 001 ${via}: run ${run.id}, ${seconds} per iteration, ${qps} queries/s`);
    }
    console.log(`seed 001: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  test("002 open loop: vegeta holds 30 and 60 req/s against 300 ms pages", async ({ page }) => {
    const started = Date.now();
    const experimentId = await launchFromTemplate(page, "002", "e2e seed 002 open loop", (spec) => {
      spec.load = { ...spec.load, connections: 40, duration_s: 4, warmup_s: 0, rate: 30, request_timeout_s: 5 };
      spec.sweep = { axes: [{ path: "load.rate", values: [30, 60], label: "req/s" }] };
    });
    const runs = await waitAllSucceeded(page, "002", experimentId, 2, 150_000);
    for (const [run, rate] of runs.map((r, i) => [r, [30, 60][i]] as const)) {
      expect(run.params).toBe(`rate=${rate}`);
      const figures = await openFinishedRun(page, run.id);
      const target = await figure(figures, "open_loop", "target rate");
      const sent = await figure(figures, "open_loop", "sent rate");
      expect(target).toBe(`${rate} req/s`);
      expect(num(sent)).toBeGreaterThan(0.9 * rate);
      expect(num(sent)).toBeLessThan(1.1 * rate);
      await snap(page, `42-seed-002-${rate}rps`);
      console.log(`seed 002 ${rate} req/s: run ${run.id}, target ${target}, sent ${sent}`);
    }
    console.log(`seed 002: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  test("003 TLS termination: 1 MB and 10 MB bodies in MB/s", async ({ page }) => {
    const started = Date.now();
    const experimentId = await launchFromTemplate(page, "003", "e2e seed 003 tls", (spec) => {
      spec.load = { ...spec.load, connections: 4, threads: 2, duration_s: 4, warmup_s: 0 };
      // nbthread stays at the template's 2; the body is swept.
      spec.sweep = { axes: spec.sweep.axes.filter((a: Spec) => a.path === "load.path") };
      expect(spec.sweep.axes[0].values).toEqual(["/1mb", "/10mb"]);
    });
    const runs = await waitAllSucceeded(page, "003", experimentId, 2, 150_000);
    for (const [run, body] of runs.map((r, i) => [r, ["1mb", "10mb"][i]] as const)) {
      expect(run.params).toBe(`path=/${body}`);
      await openFinishedRun(page, run.id);
      const received = await sideFigure(page, "bytes_per_s");
      expect(received).toMatch(/ MB\/s$/);
      expect(num(received)).toBeGreaterThan(0);
      await snap(page, `43-seed-003-${body}`);
      console.log(`seed 003 /${body}: run ${run.id}, clients received ${received}`);
    }
    console.log(`seed 003: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  test("004 http-reuse never/always x HTTP/1.1 and h2c servers: connects vs reuses", async ({ page }) => {
    const started = Date.now();
    const experimentId = await launchFromTemplate(page, "004", "e2e seed 004 http-reuse", (spec) => {
      spec.load = { ...spec.load, connections: 10, duration_s: 3, warmup_s: 0, keep_alive: false };
      const axes = spec.sweep.axes.filter((a: Spec) => a.path !== "load.keep_alive");
      const reuse = axes.find((a: Spec) => a.path === "proxy.backends.0.http_reuse");
      reuse.values = ["never", "always"];
      spec.sweep = { axes };
    });
    const runs = await waitAllSucceeded(page, "004", experimentId, 4, 180_000);
    for (const run of runs) {
      const protocol = /protocol=(\w+)/.exec(run.params)?.[1];
      const mode = /http-reuse=(\w+)/.exec(run.params)?.[1];
      expect([protocol, mode], run.params).not.toContain(undefined);
      await openFinishedRun(page, run.id);
      const connects = num(await sideFigure(page, "proxy_connects"));
      const reuses = num(await sideFigure(page, "proxy_reuses"));
      // never: a new server connection per request; always: requests ride a few open connections
      // (counted over the measured window: those few may open before it, so connects can be 0).
      if (mode === "never") {
        expect(connects, `${run.params}: connects`).toBeGreaterThan(0);
        expect(reuses, `${run.params}: reuses < connects`).toBeLessThan(connects);
      } else {
        expect(reuses, `${run.params}: reuses > connects`).toBeGreaterThan(connects);
      }
      await snap(page, `44-seed-004-${protocol}-${mode}`);
      console.log(`seed 004 ${protocol} ${mode}: run ${run.id}, ${connects} connects, ${reuses} reuses`);
    }
    console.log(`seed 004: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
});
