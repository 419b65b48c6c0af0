// Acceptance (1): a 3-point maxconn sweep on the local lab, watched live, then compared and
// exported. Real API, real worker, real agents, HAProxy, nginx and hey.
import { readFile } from "node:fs/promises";

import type { Page } from "@playwright/test";

import { apiFor, shortCapacitySpec, type Api } from "./api";
import { env, snap } from "./env";
import { expect, test } from "./fixtures";

type Run = { id: number; state: string; launch_id: number };
const TERMINAL = ["succeeded", "partial", "failed", "cancelled"];

async function livePoints(page: Page): Promise<number> {
  return Number(await page.getByTestId("live-charts").getAttribute("data-points"));
}

async function waitFinished(api: Api, launchId: number, timeoutMs: number): Promise<Run[]> {
  let runs: Run[] = [];
  await expect
    .poll(
      async () => {
        runs = (await api.get<{ items: Run[] }>(`/runs?launch_id=${launchId}&order=oldest`)).items;
        return runs.every((r) => TERMINAL.includes(r.state));
      },
      { timeout: timeoutMs, intervals: [1000] },
    )
    .toBe(true);
  return runs;
}

test("maxconn sweep: launch, live charts, compare rising points, CSV export", async ({ page }) => {
  test.setTimeout(200_000);
  const api = await apiFor(page.request);
  const spec = await shortCapacitySpec(api);

  // The designer, opened from template 000; the short spec goes in through its JSON editor.
  await page.goto("/templates");
  await snap(page, "01-templates");
  await page.goto("/experiments/new?template=000");
  await page.locator("#exp-name").fill("e2e maxconn sweep");
  await page.getByRole("tab", { name: "Advanced (JSON)" }).click();
  await page.getByLabel("Spec JSON").fill(JSON.stringify(spec, null, 2));
  await page.locator("#lab-picker").selectOption(String(env.labId));
  await expect(page.getByTestId("validation-state")).toHaveText("valid", { timeout: 30_000 });
  await snap(page, "02-designer");
  await page.getByRole("button", { name: "Save & launch" }).click();

  // Live: the first run's charts receive points while it runs.
  await page.waitForURL(/\/runs\/\d+$/);
  const firstRunId = Number(new URL(page.url()).pathname.split("/").pop());
  const firstRun = await api.get<{ launch_id: number; experiment_id: number }>(`/runs/${firstRunId}`);
  const launched = { launch_id: firstRun.launch_id };
  const experiment = { id: firstRun.experiment_id };
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Run ${firstRunId}`);
  await expect(page.getByTestId("sweep-progress")).toContainText("of 3 runs");
  await expect.poll(() => livePoints(page), { timeout: 60_000 }).toBeGreaterThan(0);
  const first = await livePoints(page);
  await expect.poll(() => livePoints(page), { timeout: 30_000 }).toBeGreaterThan(first);
  await snap(page, "10-run-live");

  const runs = await waitFinished(api, launched.launch_id, 150_000);
  expect(runs.map((r) => r.state)).toEqual(["succeeded", "succeeded", "succeeded"]);

  // After the run: summary, the exact config and command lines, downloads.
  await page.reload();
  await expect(page.getByTestId("run-state")).toHaveText("succeeded");
  await expect(page.getByTestId("run-summary")).toBeVisible();
  // The answer first: the headline figures are on screen before any scrolling.
  await page.evaluate(() => window.scrollTo(0, 0));
  const headline = page.getByTestId("run-headline");
  await expect(headline).toBeInViewport({ ratio: 1 });
  await expect(headline.locator('[data-figure="rate"] dd').first()).toHaveText(/^[0-9.,]+ req\/s$/);
  await expect(headline.locator('[data-figure="latency"] dd').first()).toHaveText(/ ms$/);
  await expect(headline.locator('[data-figure="errors"] dd').first()).toHaveText(/ %$/);
  await expect(page.getByTestId("rendered-config")).toContainText("maxconn 5");
  await expect(page.getByRole("button", { name: "Cancel run" })).toHaveCount(0);
  // A finished run's charts are drawn from the replayed samples.
  await expect.poll(() => livePoints(page), { timeout: 10_000 }).toBeGreaterThan(0);
  await snap(page, "11-run-finished");

  // Compare the sweep: three points, rising with maxconn.
  await page.getByRole("link", { name: "Compare this sweep" }).click();
  await expect(page).toHaveURL(/\/compare\?runs=/);
  const data = page.getByTestId("sweep-data");
  await page.getByTestId("sweep-chart").getByText("Data").click();
  await expect(data.locator("tbody tr")).toHaveCount(3);
  const rows = await data.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => Number(td.textContent))));
  expect(rows.map((r) => r[0])).toEqual([5, 10, 20]);
  const rps = rows.map((r) => r[1]);
  expect(rps[0]).toBeLessThan(rps[1]);
  expect(rps[1]).toBeLessThan(rps[2]);
  await expect(page.getByTestId("sweep-chart").locator(".recharts-line-dot, .recharts-dot")).toHaveCount(3);
  await expect(page.getByTestId("spectrum-chart").locator(".recharts-wrapper > svg.recharts-surface")).toBeVisible();
  await expect(page.getByTestId("diff-table").locator("tbody tr")).toHaveCount(3);
  await snap(page, "20-compare");

  // The URL reproduces the view.
  await page.getByLabel("Chart type").selectOption("bar");
  await expect(page).toHaveURL(/chart=bar/);
  await page.reload();
  await expect(page.getByLabel("Chart type")).toHaveValue("bar");
  await expect(page.getByTestId("sweep-chart").locator(".recharts-bar-rectangle")).toHaveCount(3);

  // Exports: the runs CSV (server) has one row per run with the swept value and its rate.
  const [csvDownload] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  const csv = (await readFile((await csvDownload.path()), "utf8")).trim().split("\n");
  expect(csv).toHaveLength(4);
  const header = csv[0].split(",");
  const maxconnCol = header.indexOf("proxy.global.maxconn");
  const rpsCol = header.indexOf("rps");
  const csvRows = csv.slice(1).map((line) => line.split(","));
  expect(csvRows.map((r) => Number(r[maxconnCol]))).toEqual([5, 10, 20]);
  expect(Number(csvRows[2][rpsCol])).toBeGreaterThan(Number(csvRows[0][rpsCol]));
  const [chartCsv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Chart CSV" }).click()]);
  expect((await readFile((await chartCsv.path()), "utf8")).trim().split("\n")).toHaveLength(4);
  const [png] = await Promise.all([page.waitForEvent("download"), page.getByTestId("sweep-chart").getByRole("button", { name: "PNG" }).click()]);
  expect(png.suggestedFilename()).toMatch(/\.png$/);
  expect((await readFile((await png.path()))).subarray(1, 4).toString()).toBe("PNG");

  // The experiment's runs, by experiment id alone.
  await page.goto(`/compare?experiment=${experiment.id}`);
  await expect(page.getByTestId("diff-table").locator("tbody tr")).toHaveCount(3);

  // History lists the runs, filtered by the URL.
  await page.goto(`/history?experiment=${experiment.id}`);
  await expect(page.getByTestId("runs-table").locator("tbody tr")).toHaveCount(3);
  await expect(page.getByTestId("runs-total")).toContainText("3 runs");
  await snap(page, "30-history");
});
