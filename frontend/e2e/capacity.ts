// Browser steps for a launch that searched capacity, for the browser suite to call once real
// search launches exist (no spec of its own yet: the suite is near its time budget). Given an
// experiment whose latest launch searched, they check what a person sees on its page, on a
// desktop and a phone, light and dark: each point's answer first (a number, or an amber sentence
// without one), the knee curve with a dot per probe that opens its run, the curve's data table,
// and per point its probes in order; then History says which probe a run is.
import type { Page } from "@playwright/test";

import { expect, expectAccessible, expectNoHorizontalScroll, shot } from "./fixtures";

const PHONE = { width: 390, height: 844 };

/** The system's theme (the app follows it unless the person chose one). */
async function setTheme(page: Page, theme: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
}

/** The experiment page of a search launch. `probes`: how many probe runs the launch has (dots). */
export async function checkCapacityPage(
  page: Page,
  { experimentId, points, probes, name = "capacity", openProbe = true }: { experimentId: number; points: number; probes: number; name?: string; openProbe?: boolean },
): Promise<void> {
  await page.goto(`/experiments/${experimentId}`);
  const card = page.getByTestId("capacity");
  await expect(card).toBeVisible();
  // The answer first: one line per point, each a capacity or a sentence saying why there is none.
  const answers = card.getByTestId("capacity-answer");
  await expect(answers).toHaveCount(points);
  for (const answer of await answers.all()) {
    const outcome = await answer.getAttribute("data-outcome");
    if (outcome === "capacity") await expect(answer).toContainText(/capacity [\d,.]+ (req\/s|connections) \(/);
    else if (outcome === "probing") await expect(answer).toContainText(/probing/);
    else await expect(answer).not.toContainText(/^capacity \d/);
  }
  // The sweep analysis' knee (read from probe runs) would contradict the searches: not shown.
  await expect(page.getByTestId("sweep-analysis")).toHaveCount(0);

  // The knee curve: a dot per probe, pass and fail told apart, each opening its run.
  const chart = page.getByTestId("knee-chart");
  await expect(chart.locator(".recharts-surface")).toBeVisible();
  await expect(chart.locator(".recharts-scatter-symbol")).toHaveCount(probes);
  await chart.getByText("Data", { exact: true }).click();
  await expect(chart.getByTestId("knee-data").locator("tbody tr")).toHaveCount(points);

  // Per point, its probes in the order they ran, each a link to its run.
  const lists = page.getByTestId("point-probes");
  await expect(lists).toHaveCount(points);
  for (const list of await lists.all()) if (!(await list.getAttribute("open"))) await list.locator("summary").click();
  await expect(page.getByTestId("capacity-probes").locator("tbody tr")).toHaveCount(probes);
  await expectAccessible(page, `${name} (experiment page)`);
  await shot(page, `${name}-light`);
  await setTheme(page, "dark");
  await page.reload();
  await expect(page.getByTestId("knee-chart").locator(".recharts-scatter-symbol")).toHaveCount(probes);
  await shot(page, `${name}-dark`);
  await setTheme(page, "light");

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId("capacity-answer").first()).toBeVisible();
  await expect(page.getByTestId("knee-chart").locator(".recharts-scatter-symbol")).toHaveCount(probes);
  await expectNoHorizontalScroll(page, `${name} on a phone`);
  await shot(page, `${name}-phone`);
  await page.setViewportSize({ width: 1400, height: 900 });

  // A dot opens its run, and the run says which probe it is.
  if (!openProbe) return;
  await page.reload();
  // The last dot drawn is on top (repeated searches probe the same values: their dots overlap).
  await page.getByTestId("knee-chart").locator(".recharts-scatter-symbol").last().click();
  await expect(page).toHaveURL(/\/runs\/\d+$/);
  await expect(page.getByTestId("probe-notice")).toContainText(/probe \d+ of its search, [\d,.]+ (req\/s|connections), (pass|fail|inconclusive|running)/);
}

/** History lists a probe run with its probe number, value, result and its search's answer. */
export async function checkProbesInHistory(page: Page, experimentId: number): Promise<void> {
  await page.goto(`/history?experiment=${experimentId}`);
  await expect(page.getByTestId("probe-of").first()).toContainText(/probe \d+ of its search, [\d,.]+ (req\/s|connections), (pass|fail|inconclusive|running); search: /);
}
