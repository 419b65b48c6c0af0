// A staged load on the run page: a real 100 -> 300 -> 200 req/s run (vegeta, 4 s a stage) on the
// local lab, watched live then read finished: every chart marks each stage's start with its
// target, and the per-stage table gives each stage's window, delivered rate, latency and errors.
import { STORAGE_STATE } from "../playwright.config";
import { apiFor } from "./api";
import { env } from "./env";
import { expect, expectAccessible, shot, test } from "./fixtures";

const RATES = [100, 300, 200];

test("a staged run marks its stages on the charts and reads each stage apart", async ({ browser, consoleChecks }) => {
  test.setTimeout(180_000);
  const { baseURL } = test.info().project.use;
  const context = await browser.newContext({ baseURL, storageState: STORAGE_STATE, viewport: { width: 1440, height: 900 } });
  consoleChecks.watch(context);
  const page = await context.newPage();
  try {
    const api = await apiFor(context.request);
    const spec = {
      proxy: {
        global: { maxconn: 1000 },
        defaults: { mode: "http", timeouts: { connect: 4000, client: 42000, server: 43000 } },
        frontends: [{ name: "fe", bind: { port: 8080 }, default_backend: "app" }],
        backends: [{ name: "app", target_servers: {} }],
      },
      target: { kind: "managed", servers: 1, endpoints: [{ path: "/fast" }] },
      load: { driver: "vegeta", connections: 10, threads: 1, warmup_s: 1, path: "/fast", stages: RATES.map((rate) => ({ duration_s: 4, rate })) },
    };
    const experiment = await api.post<{ id: number }>("/experiments", { name: `e2e stages ${Date.now().toString(36)}`, description: "", tags: ["stages"], spec });
    const { run_ids: runIds } = await api.post<{ run_ids: number[] }>(`/experiments/${experiment.id}/launch`, { lab_id: env.labId });
    await page.goto(`/runs/${runIds[0]}`);
    // Live: the boundaries come from the spec, before any result.
    const rps = page.getByTestId("chart-rps");
    await expect(rps).toContainText("2: 300 req/s", { timeout: 60_000 });
    const state = page.getByTestId("run-state");
    await expect(state).toHaveAttribute("data-state", "succeeded", { timeout: 120_000 });
    const table = page.getByTestId("run-stages");
    await expect(table.locator("tbody tr")).toHaveCount(3);
    await expect(table.locator("tr[data-stage='2']")).toContainText("300 req/s");
    await expect(table.locator("tr[data-stage='2']")).toContainText("5–8 s");
    for (const [i, label] of ["1: 100 req/s", "2: 300 req/s", "3: 200 req/s"].entries()) {
      await expect(rps.locator("svg text").filter({ hasText: label }), `boundary ${i + 1}`).toHaveCount(1);
    }
    await expectAccessible(page, "staged run page");
    await shot(page, "60-staged-run");
    await table.screenshot({ path: `${env.artifacts}/screens/60-staged-run-table.png` });
    await rps.scrollIntoViewIfNeeded();
    await rps.screenshot({ path: `${env.artifacts}/screens/60-staged-run-rps.png` });

    // The designer edits the stages: one row per stage, a fourth added from the last, still valid.
    await page.goto(`/experiments/${experiment.id}/edit`);
    const stages = page.getByTestId("load-stages");
    await expect(stages.getByTestId("load-stage")).toHaveCount(3);
    await expect(stages.getByLabel("rate (req/s)").nth(1)).toHaveValue("300");
    await stages.getByRole("button", { name: "Add stage" }).click();
    await expect(stages.getByTestId("load-stage")).toHaveCount(4);
    await expect(stages.getByLabel("rate (req/s)").nth(3)).toHaveValue("200");
    await expect(page.getByTestId("validation-state")).toHaveText("valid", { timeout: 30_000 });
    await stages.scrollIntoViewIfNeeded();
    await stages.screenshot({ path: `${env.artifacts}/screens/60-staged-designer.png` });
  } finally {
    await context.close();
  }
});
