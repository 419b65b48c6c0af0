// "Where the time goes in HAProxy" on the run page, in light, dark and on a phone, with axe: a
// run test_browser.py seeded with HAProxy's request log as the proxy agent and the worker write it
// (1 request in 4 logged, two backends' scopes, a queue-bound breakdown, client and server aborts
// in the second half), and a run without timers (the empty state).
import { readFile } from "node:fs/promises";

import { STORAGE_STATE } from "../playwright.config";
import { env } from "./env";
import { expect, expectAccessible, expectNoHorizontalScroll, shot, test } from "./fixtures";

const MODES = [
  { name: "light", viewport: { width: 1440, height: 900 }, colorScheme: "light" },
  { name: "dark", viewport: { width: 1440, height: 900 }, colorScheme: "dark" },
  { name: "phone", viewport: { width: 390, height: 844 }, colorScheme: "light" },
] as const;

for (const mode of MODES) {
  test(`the run page says where the time went inside HAProxy (${mode.name})`, async ({ browser, consoleChecks }) => {
    const { baseURL } = test.info().project.use;
    const context = await browser.newContext({ baseURL, storageState: STORAGE_STATE, viewport: mode.viewport, colorScheme: mode.colorScheme, acceptDownloads: true });
    consoleChecks.watch(context);
    const page = await context.newPage();
    try {
      await page.goto(`/runs/${env.timersRunId}`);
      const section = page.getByTestId("request-timers");
      await expect(section.getByRole("heading", { name: "Where the time goes in HAProxy" })).toBeVisible();
      // The answer first: p99's time is in the queue, and sampling is said.
      await expect(section.getByTestId("timers-answer")).toContainText("p99 480 ms: 88% in queue (Tw), 420 ms");
      await expect(section.getByTestId("timers-sampled")).toContainText("HAProxy logged 1 request in 4");
      await expect(section.getByTestId("timers-table").locator("tbody tr")).toHaveCount(9);
      await expect(section.getByTestId("timers-table").locator("tr[data-timer='tw']")).toContainText("waiting in HAProxy's backend and server queues");
      await expect(section.getByTestId("timers-states").locator("tr[data-state='cQ']")).toContainText("the client-side timeout expired while it waited in the queue");
      // Every chart carries the sampling too, and draws.
      for (const id of ["timers-breakdown", "timers-over-time", "timers-states-timeline"]) {
        const chart = section.getByTestId(id);
        await expect(chart.locator("svg.recharts-surface")).toBeVisible();
        await expect(chart.locator(".chart-legend")).not.toBeEmpty();
      }
      await expect(section.getByTestId("timers-breakdown").locator(".recharts-bar-rectangle").first()).toBeVisible();
      await expect(section.getByTestId("timers-states-timeline")).toContainText("sH: the server-side timeout expired while waiting for the server's response headers");
      // Pick another timer and a backend's scope.
      await section.getByTestId("timers-pick").selectOption("tr");
      await expect(section.getByTestId("timers-over-time").getByRole("heading")).toContainText("Tr per second");
      await section.getByTestId("timers-scope").selectOption("app/s1");
      await expect(section.getByTestId("timers-table-caption")).toContainText("(app/s1)");
      await expect(section.getByTestId("timers-over-time").locator("svg.recharts-surface")).toBeVisible();
      await section.getByTestId("timers-scope").selectOption("*");
      await section.scrollIntoViewIfNeeded();
      await expectNoHorizontalScroll(page, `run page timers (${mode.name})`, { soft: true });
      await expectAccessible(page, `run page timers (${mode.name})`);
      await shot(page, `${mode.name}-run-timers`);
      await section.screenshot({ path: `${env.artifacts}/screens/${mode.name}-run-timers-section.png` });

      // The HTML report holds the answer, the breakdown, the timers' table and the states' counts.
      if (mode.name === "light") {
        const [reportFile] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-report").click()]);
        const report = await readFile(await reportFile.path(), "utf8");
        expect(report).toContain("<h2>Where the time goes in HAProxy</h2>");
        for (const part of ["timers-answer", "timers-breakdown-table", "timers-table", "timers-states", "HAProxy logged 1 request in 4"]) expect(report).toContain(part);
        expect(report).toContain("<h2>Where the time of a request went, at p50, p90 and p99</h2>");
        expect(report).toContain("<h2>How requests ended, per second</h2>");
      }

      await page.goto(`/runs/${env.noTimersRunId}`);
      await expect(page.getByTestId("timers-not-collected")).toContainText("were not collected for this run");
      await shot(page, `${mode.name}-run-no-timers`);

      // Compare overlays a timer across runs; a run without a log is named, not drawn as zero.
      await page.goto(`/compare?runs=${env.timersRunId},${env.noTimersRunId}`);
      const overlay = page.getByTestId("timer-overlay");
      await expect(overlay.getByRole("heading")).toContainText("HAProxy's Tw p99 over time");
      await expect(overlay.locator("svg.recharts-surface")).toBeVisible();
      await expect(overlay).toContainText(`#${env.timersRunId}: HAProxy logged 1 request in 4`);
      await expect(overlay.getByTestId("timer-overlay-note")).toContainText(`Run #${env.noTimersRunId}: no request log`);
      await overlay.getByLabel("Timer").selectOption("tr");
      await expect(overlay.getByRole("heading")).toContainText("HAProxy's Tr p99 over time");
      await overlay.scrollIntoViewIfNeeded();
      await expectAccessible(page, `compare timers (${mode.name})`);
      await overlay.screenshot({ path: `${env.artifacts}/screens/${mode.name}-compare-timer-overlay.png` });
    } finally {
      await context.close();
    }
  });
}
