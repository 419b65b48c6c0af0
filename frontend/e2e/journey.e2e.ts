// The journey a new user takes (issue 13's acceptance), walked in light and dark at 1440x900 and
// on a 390x844 phone: home -> a template -> the designer (the side column with Save & launch and
// the rendered config stays in view; the sweep parameter is picked, not typed) -> launch -> the
// live view (queue position of the run waiting its turn, a bar per phase, the end state) -> the
// run page (its answer on screen without scrolling) -> history (sorted by p99 on the server, the
// experiment's trend) -> compare (what differs in the specs and configs, one colour per run on
// every chart, a PNG and an SVG that carry their title, axis label and legend).
//
// Real everything, one launch: three browser contexts (light, dark, phone) each design the same
// experiment from the template; light saves and launches a 2-point maxconn sweep (2 s warm-up +
// 4 s measured per run, 12 clients against a 1 s page) on the local lab, and all three watch it
// live, then read its results, so maxconn 10 must carry about twice maxconn 5's rate. The live
// charts fill while a run goes; light also checks that the URL reproduces a Compare view and the
// CSV exports. The console check of ./fixtures runs on all three contexts; on the phone, no step
// may scroll sideways.
import { readFile } from "node:fs/promises";

import type { BrowserContext, Locator, Page } from "@playwright/test";

import { STORAGE_STATE } from "../playwright.config";

import { apiFor, shortCapacitySpec } from "./api";
import { env } from "./env";
import { expect, expectAccessible, expectNoHorizontalScroll, shot, test } from "./fixtures";

type Mode = { name: string; viewport: { width: number; height: number }; colorScheme: "light" | "dark"; phone: boolean };

const MODES: Mode[] = [
  { name: "light", viewport: { width: 1440, height: 900 }, colorScheme: "light", phone: false },
  { name: "dark", viewport: { width: 1440, height: 900 }, colorScheme: "dark", phone: false },
  { name: "phone", viewport: { width: 390, height: 844 }, colorScheme: "light", phone: true },
];

const TERMINAL = ["succeeded", "partial", "failed", "cancelled"];

/** The run ids of a launch in execution order. */
async function launchRuns(page: Page, launchId: number): Promise<{ id: number; state: string }[]> {
  const api = await apiFor(page.request);
  return (await api.get<{ items: { id: number; state: string }[] }>(`/runs?launch_id=${launchId}&order=oldest`)).items;
}

async function livePoints(page: Page): Promise<number> {
  return Number((await page.getByTestId("live-charts").getAttribute("data-points")) ?? 0);
}

/** Legend entries of a chart card: name -> colour of its swatch. */
async function legendColours(card: Locator): Promise<Map<string, string>> {
  const entries = await card.getByRole("list", { name: "Legend" }).locator("li").evaluateAll((lis) =>
    lis.map((li) => [li.textContent?.trim() ?? "", li.querySelector("line")?.getAttribute("stroke") ?? ""] as [string, string]),
  );
  return new Map(entries);
}

/** PNG width and height from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString(), "a PNG file").toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

type Walker = { mode: Mode; context: BrowserContext; page: Page };

async function noSideways(w: Walker, what: string): Promise<void> {
  if (w.mode.phone) await expectNoHorizontalScroll(w.page, `${what} (${w.mode.name})`);
}

/** Home -> "From a template" -> template 000 -> the designer with `spec`, swept by the picker. */
async function design(w: Walker, name: string, spec: Record<string, unknown>): Promise<void> {
  const { page, mode } = w;
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-theme", mode.colorScheme);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Home");
  await expect(page.getByRole("heading", { name: "Recent runs" })).toBeVisible();
  await noSideways(w, "home");
  await expectAccessible(page, `home (${mode.name})`);
  await page.getByRole("link", { name: "From a template" }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await page.getByTestId("template-000").getByRole("link", { name: "Use template" }).click();
  await expect(page).toHaveURL(/\/experiments\/new\?template=000/);

  // The short spec without a sweep goes in through the JSON editor; the sweep is built in the
  // form with the parameter picker.
  await page.locator("#exp-name").fill(name);
  await page.getByRole("tab", { name: "Advanced (JSON)" }).click();
  await page.getByLabel("Spec JSON").fill(JSON.stringify(spec, null, 2));
  await page.getByRole("tab", { name: "Form" }).click();
  await page.locator("#lab-picker").selectOption(String(env.labId));
  const sweep = page.locator("section[aria-labelledby='sweep-title']");
  await sweep.getByRole("button", { name: "Add axis" }).click();
  const axis = sweep.getByRole("group", { name: "Axis 1" });
  const picker = axis.getByLabel("Sweep parameter");
  await expect(picker.locator("option")).not.toHaveCount(0);
  // Listed parameters have plain labels; the path is the option's value.
  await picker.selectOption("proxy.global.maxconn");
  await expect(picker).toHaveValue("proxy.global.maxconn");
  await expect(axis.getByText("Other path", { exact: true })).toHaveCount(0); // listed: no free-text path
  await axis.getByLabel("values", { exact: true }).fill("5, 10");
  await expect(page.getByTestId("sweep-estimate")).toContainText("2 runs");
  // The template's sentence ("a slow (3 s) backend ... maxconn goes 20 to 100") no longer says
  // what this spec does: the designer offers the true one, and takes it only when asked.
  const stale = page.getByTestId("description-stale");
  const trueSentence = "How many concurrent connections a slow (1 s) backend serves as global maxconn goes 5 to 10.";
  await expect(page.getByTestId("description-proposed")).toHaveText(trueSentence);
  await expect(page.locator("#exp-desc")).toHaveValue(/slow \(3 s\) backend .* goes 20 to 100/);
  await page.locator("section[aria-label='Experiment']").screenshot({ path: `${env.artifacts}/screens/journey-${mode.name}-1-description.png` });
  await stale.getByRole("button", { name: "Update the description" }).click();
  await expect(page.locator("#exp-desc")).toHaveValue(trueSentence);
  await expect(stale).toHaveCount(0);
  // A threshold on a per-second series: its aggregate appears once the series is chosen.
  const thresholds = page.locator("section[aria-labelledby='thresholds-title']");
  await thresholds.getByRole("button", { name: "Add threshold" }).click();
  const rule = thresholds.getByTestId("threshold-rule").last(); // after the template's own rules
  await rule.getByLabel("metric").selectOption("qcur");
  await expect(rule.getByLabel("aggregate")).toHaveValue("max");
  await rule.getByLabel("operator").selectOption("<");
  await rule.getByLabel("value", { exact: true }).fill("1000");
  await expect(page.getByTestId("validation-state")).toHaveText("valid", { timeout: 30_000 });
  // Scrolled to the sweep at the bottom of the form: Save & launch stays in reach (the side
  // column is sticky on a desktop, the bar is pinned to the screen's bottom on a phone).
  await sweep.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY), "the form scrolled").toBeGreaterThan(300);
  await expect(page.getByRole("region", { name: "Save and launch" }).getByRole("button", { name: "Save & launch" })).toBeInViewport();
  if (!mode.phone) {
    await expect(page.getByTestId("rendered-config")).toBeInViewport();
    await expect(page.getByTestId("rendered-config")).toContainText("global");
  }
  await noSideways(w, "designer");
  await expectAccessible(page, `designer (${mode.name})`);
  await shot(page, `journey-${mode.name}-1-designer`);
}

/** The second run's page while the first holds the lab: its place in the queue. */
async function queued(w: Walker, firstId: number, secondId: number): Promise<void> {
  const { page, mode } = w;
  await page.goto(`/runs/${firstId}`);
  await expect(page.getByTestId("phase-progress")).toBeVisible();
  await expect(page.getByTestId("sweep-progress")).toContainText(/of 2/);
  await page.getByRole("navigation", { name: "Runs of this sweep" }).getByRole("link", { name: new RegExp(`#${secondId}\\b`) }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${secondId}$`));
  const queue = page.getByTestId("queue-position");
  await expect(queue).toContainText(/position \d+/);
  await expect(queue).toContainText(`run #${firstId}`); // who holds the lab
  await expect(queue).toContainText("Expected start");
  // No empty charts before anything can be sampled: a line saying when they start.
  await expect(page.getByTestId("charts-waiting")).toContainText("warm-up");
  await expect(page.locator(".chart-title")).toHaveCount(0);
  // A stage not started is an empty bar, even right after the page showed the first run's.
  const pending = page.getByTestId("phase-progress").locator('[data-status="pending"]');
  await expect(pending).toHaveCount(4);
  await expect(pending.locator(".progress-fill")).toHaveCount(0);
  expect(await pending.getByRole("progressbar").evaluateAll((bars) => bars.map((b) => b.getAttribute("aria-valuenow")))).toEqual(["0", "0", "0", "0"]);
  await noSideways(w, "live view, queued");
  await shot(page, `journey-${mode.name}-2-queued`);
}

/** The finished run's page: an end state, then (reloaded) its answer without scrolling. */
async function runPage(w: Walker): Promise<void> {
  const { page, mode } = w;
  const end = page.getByTestId("run-end-state");
  await expect(end).toHaveAttribute("data-state", "succeeded");
  await expect(end).toContainText("Succeeded");
  await expect(page.getByTestId("sweep-progress")).toContainText("All 2 of 2 runs finished");
  await noSideways(w, "live view, ended");
  await page.reload();
  await expect(page.getByTestId("run-state")).toHaveText("succeeded");
  await page.evaluate(() => window.scrollTo(0, 0));
  const headline = page.getByTestId("run-headline");
  const verdict = page.getByTestId("run-verdict");
  if (mode.phone) await expect(headline).toBeVisible();
  else {
    // The answer on the first screen: the figures, and what bounded the run with its evidence,
    // whole above the fold (its bottom edge inside the 900 px window).
    await expect(headline).toBeInViewport({ ratio: 1 });
    await expect(verdict.locator("[data-evidence]").first()).toBeVisible();
    const box = (await verdict.boundingBox())!;
    expect(box.y + box.height, `the verdict card ends at ${Math.round(box.y + box.height)} px of a ${mode.viewport.height} px screen`).toBeLessThanOrEqual(mode.viewport.height);
  }
  // How it ran, in one line: no bars once over.
  await expect(end).toContainText(/finished in [\d.]+ s: queued [\d.]+ s, prepared [\d.]+ s, warmed up 2 s, measured [\d.]+ s, collected [\d.]+ s/);
  await expect(page.getByTestId("phase-progress")).toHaveCount(0);
  await expect(headline.locator('[data-figure="rate"] dd').first()).toHaveText(/^[0-9.,]+ req\/s$/);
  await expect(headline.locator('[data-figure="latency"] dd').first()).toHaveText(/ ms$/);
  // Its threshold, judged: the measured queue maximum against the limit.
  await expect(headline.getByTestId("thresholds")).toContainText(/thresholds? (passed|failed)/);
  await expect(headline.getByTestId("thresholds")).toContainText("qcur max < 1000");
  await expect(page.getByRole("button", { name: "Re-run" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
  // The rendered config and command lines are folded; a keyboard opens them.
  const config = page.getByTestId("rendered-config");
  await expect(config).toBeHidden();
  await page.getByTestId("rendered-config-section").locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(config).toBeVisible();
  await expect(config).toContainText("maxconn 10");
  await expect(page.getByTestId("command-lines")).not.toHaveAttribute("open", "");
  // HAProxy counted no error in any second: the errors chart is one line saying so (the clients'
  // timeouts of the maxconn-bound run are named as theirs, not contradicted).
  await expect(page.getByTestId("chart-errors-folded")).toContainText("HAProxy");
  await expect(page.getByTestId("chart-errors")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel run" })).toHaveCount(0);
  await expect.poll(() => livePoints(page), { message: "a finished run's charts replay its samples" }).toBeGreaterThan(0);
  await noSideways(w, "run page");
  await expectAccessible(page, `run page (${mode.name})`);
  await shot(page, `journey-${mode.name}-3-run`);
}

/** History of the experiment, sorted by p99 both ways on the server, with its trend; then the
 * two runs selected and compared. */
async function history(w: Walker, experimentId: number, name: string, runIds: number[]): Promise<void> {
  const { page, mode } = w;
  await page.goto(`/history?experiment=${experimentId}`);
  const table = page.getByTestId("runs-table");
  await expect(table.locator("tbody tr")).toHaveCount(2);
  const p99Header = table.locator("thead th", { has: page.getByRole("button", { name: "Latency p99" }) });
  const p99Values = async () => {
    const col = await table.locator("thead th").evaluateAll((ths, header) => ths.findIndex((th) => th.textContent?.trim() === header), "Latency p99");
    expect(col, "a Latency p99 column").toBeGreaterThanOrEqual(0);
    return table.locator("tbody tr").evaluateAll((trs, i) => trs.map((tr) => parseFloat((tr.querySelectorAll("td")[i]?.textContent ?? "").replace(/,/g, ""))), col);
  };
  // A desktop sorts by the column's header; a phone, where each run is a card, by "Sort by".
  const sortBy = async (order?: "asc" | "desc") => {
    if (!mode.phone) return p99Header.getByRole("button").click();
    await page.getByLabel("Sort by").selectOption("latency_p99_ms");
    if (order) await page.getByLabel("Sort order").selectOption(order);
  };
  await sortBy();
  await expect(page).toHaveURL(/sort=latency_p99_ms/);
  const firstOrder = await p99Header.getAttribute("aria-sort");
  expect(["ascending", "descending"]).toContain(firstOrder);
  await expect(table).toHaveAttribute("aria-busy", "false");
  const sorted = await p99Values();
  expect(sorted.every((v) => Number.isFinite(v)), `p99 values ${sorted.join(", ")}`).toBe(true);
  expect(sorted, `p99 ${firstOrder}`).toEqual([...sorted].sort((a, b) => (firstOrder === "ascending" ? a - b : b - a)));
  await sortBy(firstOrder === "ascending" ? "desc" : "asc");
  await expect(p99Header).toHaveAttribute("aria-sort", firstOrder === "ascending" ? "descending" : "ascending");
  await expect(table).toHaveAttribute("aria-busy", "false");
  await expect.poll(p99Values).toEqual([...sorted].reverse());
  const trend = page.locator(".trend", { hasText: name });
  await expect(trend.locator("svg")).toBeVisible();
  // One run at the followed point (maxconn 10): a value, not a trend, and never "steady".
  await expect(trend.getByTestId("trend-too-few")).toHaveText("1 run: not enough for a trend");
  await expect(trend).not.toContainText("steady");
  await expect(table.getByTestId("threshold-outcome")).toHaveCount(2); // the Thresholds column
  await noSideways(w, "history");
  await expectAccessible(page, `history (${mode.name})`);
  await shot(page, `journey-${mode.name}-4-history`);

  for (const id of runIds) await page.getByLabel(`Select run ${id}`).check();
  await page.getByRole("button", { name: "Compare 2 runs" }).click();
  await expect(page).toHaveURL(/\/compare\?runs=/);
}

/** Compare: what differs, one colour per run on every chart, the sweep's conclusion, exports. */
async function compare(w: Walker, experimentId: number): Promise<void> {
  const { page, mode } = w;
  const diff = page.getByTestId("config-diff");
  await expect(diff).toContainText("proxy.global.maxconn");
  // One real change: the managed target's per-run port and the agent's directory are the lab's, masked.
  const changed = diff.locator(".config-diff-lines").locator(".diff-added, .diff-removed");
  await expect(changed).toHaveCount(2);
  await expect(changed.filter({ hasText: "maxconn 5" })).toHaveCount(1);
  await expect(changed.filter({ hasText: "maxconn 10" })).toHaveCount(1);
  await expect(page.getByTestId("config-diff-counts")).toContainText("1 line added, 1 removed");
  await expect(page.getByTestId("diff-table").locator("tbody tr")).toHaveCount(2);
  // The differences vs the baseline come first, above what differs in the setups and the charts.
  const tableTop = (await page.getByTestId("diff-table").boundingBox())!.y;
  expect(tableTop, "the differences table above the setup diff").toBeLessThan((await diff.boundingBox())!.y);
  expect(tableTop, "the differences table above the sweep chart").toBeLessThan((await page.getByTestId("sweep-chart").boundingBox())!.y);
  // One run per point: no error bars, and the chart says so.
  await expect(page.getByTestId("sweep-spread")).toHaveText("One run per point: no error bars.");
  await expect(page.getByLabel("Error bars")).toHaveCount(0);
  // Both runs were judged by the spec's threshold: their outcome is a column.
  await expect(page.getByTestId("diff-table").getByRole("columnheader", { name: "Thresholds" })).toBeVisible();
  await expect(page.getByTestId("diff-table").getByTestId("threshold-outcome")).toHaveCount(2);

  // One colour per run on every chart of the page.
  const overlay = page.getByTestId("series-chart");
  const spectrum = page.getByTestId("spectrum-chart");
  await expect(overlay.locator(".recharts-wrapper > svg.recharts-surface")).toBeVisible();
  await expect(spectrum.locator(".recharts-wrapper > svg.recharts-surface")).toBeVisible();
  const overlayColours = await legendColours(overlay);
  const spectrumColours = await legendColours(spectrum);
  const runNames = [...overlayColours.keys()].filter((n) => /^#\d+/.test(n));
  expect(runNames.length, `overlay legend: ${[...overlayColours.keys()].join(", ")}`).toBe(2);
  expect(new Set(runNames.map((n) => overlayColours.get(n))).size, "two runs, two colours").toBe(2);
  for (const run of runNames) expect(spectrumColours.get(run), `${run}'s colour on the spectrum`).toBe(overlayColours.get(run));
  await noSideways(w, "compare");
  await expectAccessible(page, `compare (${mode.name})`);
  await shot(page, `journey-${mode.name}-5-compare`);

  // Seed 000's conclusion on the sweep chart: twice the maxconn, about twice the rate.
  const sweepChart = page.getByTestId("sweep-chart");
  await sweepChart.getByText("Data", { exact: true }).click();
  const points = await page.getByTestId("sweep-data").locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => Number(td.textContent))));
  expect(points.map((r) => r[0])).toEqual([5, 10]);
  expect(points[1][1], `req/s at maxconn 10 vs 5: ${points.map((r) => r[1]).join(" vs ")}`).toBeGreaterThan(points[0][1] * 1.4);

  if (mode.name === "light") {
    // The URL reproduces the view.
    await page.getByLabel("Chart type").selectOption("bar");
    await expect(page).toHaveURL(/chart=bar/);
    await page.reload();
    await expect(page.getByLabel("Chart type")).toHaveValue("bar");
    await expect(sweepChart.locator(".recharts-bar-rectangle")).toHaveCount(2);
    // The runs CSV (server): one row per run, its swept value and its rate.
    const [csvDownload] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
    const csv = (await readFile(await csvDownload.path(), "utf8")).trim().split("\n");
    expect(csv).toHaveLength(3);
    const header = csv[0].split(",");
    const rows = csv.slice(1).map((line) => line.split(","));
    expect(rows.map((r) => Number(r[header.indexOf("proxy.global.maxconn")]))).toEqual([5, 10]);
    expect(Number(rows[1][header.indexOf("rps")])).toBeGreaterThan(Number(rows[0][header.indexOf("rps")]));
    const [chartCsv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Chart CSV" }).click()]);
    expect((await readFile(await chartCsv.path(), "utf8")).trim().split("\n")).toHaveLength(3);
    // The experiment's runs, by experiment id alone.
    await page.goto(`/compare?experiment=${experimentId}`);
    await expect(page.getByTestId("diff-table").locator("tbody tr")).toHaveCount(2);
  }

  // Exports stand on their own: title, axis label and legend around the chart.
  const title = (await overlay.locator(".chart-title").innerText()).trim();
  const [svgFile] = await Promise.all([page.waitForEvent("download"), overlay.getByRole("button", { name: "Download SVG" }).click()]);
  const svg = await readFile(await svgFile.path(), "utf8");
  expect(svg).toContain(`class="x-title"`);
  expect(svg).toContain(title.replace(/&/g, "&amp;"));
  expect(svg).toContain(`class="x-axis-label"`);
  for (const run of runNames) expect(svg, `the SVG's legend names ${run}`).toMatch(new RegExp(`class="x-legend"[^>]*>${run}`));
  const [pngFile] = await Promise.all([page.waitForEvent("download"), overlay.getByRole("button", { name: "Download PNG" }).click()]);
  const png = pngSize(await readFile(await pngFile.path()));
  const svgHeight = Number(/height="(\d+)"/.exec(svg)?.[1]);
  const plotHeight = (await overlay.locator(".recharts-wrapper > svg.recharts-surface").boundingBox())!.height;
  // The PNG is the same composition at 2x: taller than the bare plot by the title and legend.
  expect(png.height).toBe(svgHeight * 2);
  expect(png.height / 2).toBeGreaterThan(plotHeight + 40);

  // The whole comparison as one HTML file that opens offline: its tables and charts, nothing fetched.
  const [reportFile] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-report").click()]);
  const report = await readFile(await reportFile.path(), "utf8");
  expect(report).toContain("<h2>Runs side by side</h2>");
  expect(report.match(/<svg[\s>]/g)?.length ?? 0, "the report's charts").toBeGreaterThanOrEqual(2);
  expect(report).not.toMatch(/<script|<link|src=["']?https?:/i);
  for (const run of runNames) expect(report, `the report names ${run}`).toContain(run);
}

test("journey in light, dark and on a phone: home -> template -> designer -> launch -> live -> run -> history -> compare", async ({ browser, consoleChecks }) => {
  test.setTimeout(300_000);
  const { baseURL } = test.info().project.use;
  const walkers: Walker[] = [];
  for (const mode of MODES) {
    const context = await browser.newContext({ baseURL, storageState: STORAGE_STATE, viewport: mode.viewport, colorScheme: mode.colorScheme, acceptDownloads: true });
    consoleChecks.watch(context);
    walkers.push({ mode, context, page: await context.newPage() });
  }
  try {
    const [light] = walkers;
    const name = `e2e journey ${Date.now().toString(36)}`;
    const spec = await shortCapacitySpec(await apiFor(light.page.request));
    // 12 clients: both maxconn values bind. hey's clients keep their connections, so the ones
    // HAProxy never accepted wait for their request timeout after the load: 3 s (not 20) ends
    // each run soon after its window.
    spec.load = { ...spec.load, connections: 12, warmup_s: 2, duration_s: 6, request_timeout_s: 3 };
    spec.sweep = { axes: [] };
    for (const w of walkers) await test.step(`designer (${w.mode.name})`, () => design(w, name, spec));

    // The experiment as a YAML file: downloaded, then loaded back, it is the same experiment.
    const download = light.page.waitForEvent("download");
    await light.page.getByTestId("download-yaml").click();
    const file = await (await download).path();
    const yamlText = await readFile(file, "utf8");
    expect(yamlText).toMatch(/^# yaml-language-server: \$schema=http.*\/schemas\/experiment\.schema\.json\n/);
    expect(yamlText).toContain("metric: qcur");
    await light.page.getByTestId("upload-yaml").setInputFiles(file);
    await expect(light.page.locator("#exp-name")).toHaveValue(name);
    await expect(light.page.getByTestId("threshold-rule")).toHaveCount(spec.thresholds.length + 1);
    await expect(light.page.getByTestId("validation-state")).toHaveText("valid", { timeout: 30_000 });

    // Light saves and launches; the first run executes while the second waits its turn.
    await light.page.getByRole("region", { name: "Save and launch" }).getByRole("button", { name: "Save & launch" }).click();
    await light.page.waitForURL(/\/runs\/\d+$/);
    const firstId = Number(new URL(light.page.url()).pathname.split("/").pop());
    const api = await apiFor(light.page.request);
    const { launch_id: launchId, experiment_id: experimentId } = await api.get<{ launch_id: number; experiment_id: number }>(`/runs/${firstId}`);
    const runs = await launchRuns(light.page, launchId);
    expect(runs.map((r) => r.id)[0]).toBe(firstId);
    const secondId = runs[1].id;
    // All three at once: the first run holds the lab for its 8 s window only, and one walker after
    // another could find the second run already started (seen on a loaded machine).
    await Promise.all(walkers.map((w) => test.step(`queued (${w.mode.name})`, () => queued(w, firstId, secondId))));
    await expectAccessible(light.page, "live view, queued (light)");

    // Then the second run's phases, one at a time, until a clear end state (light watches).
    const phases = light.page.getByTestId("phase-progress");
    const seen = new Set<string>();
    let livePointsSeen = 0; // samples drawn while the run was still going
    await expect
      .poll(
        async () => {
          // The stage bars are gone once the run ended (a line says how it ran): read them while there.
          if ((await phases.count()) > 0) seen.add((await phases.getAttribute("data-current", { timeout: 1000 }).catch(() => "")) ?? "");
          const ended = (await light.page.getByTestId("run-end-state").count()) > 0;
          if (!ended) livePointsSeen = Math.max(livePointsSeen, await livePoints(light.page));
          return ended;
        },
        { timeout: 120_000, intervals: [250] },
      )
      .toBe(true);
    expect([...seen].filter((p) => ["preparing", "warming", "running", "collecting"].includes(p)).length, `phases seen: ${[...seen].join(", ")}`).toBeGreaterThan(0);
    expect(livePointsSeen, "the live charts drew samples while the run went").toBeGreaterThan(0);
    expect((await launchRuns(light.page, launchId)).map((r) => r.state).every((s) => TERMINAL.includes(s))).toBe(true);

    for (const w of walkers) {
      await test.step(`run page (${w.mode.name})`, () => runPage(w));
      await test.step(`history (${w.mode.name})`, () => history(w, experimentId, name, [firstId, secondId]));
      await test.step(`compare (${w.mode.name})`, () => compare(w, experimentId));
    }
  } finally {
    for (const w of walkers) await w.context.close();
  }
});
