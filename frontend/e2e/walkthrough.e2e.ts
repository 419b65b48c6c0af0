// The walkthrough (issue 13): the main pages journey.e2e.ts does not pass through (home,
// designer, run, History and Compare are checked there in the same ways) in three modes - light
// and dark at 1440x900, and a 390x844 phone - each checked for horizontal scrolling and by
// axe-core, with a screenshot per page and mode (screens/walk-<mode>-<page>.png). The console
// check of ./fixtures runs on all.
//
// The data: the experiment page shows a finished 2-point sweep: one that journey.e2e.ts
// finished, or else one launched here through the API (1 s warm-up + 2 s each).
// To add a page or a feature step, add an entry to PAGES (visited in every mode) or a test inside
// the modes' loop.
import type { Browser, Page } from "@playwright/test";

import { STORAGE_STATE } from "../playwright.config";
import { apiFor, shortCapacitySpec } from "./api";
import { env } from "./env";
import { expect, expectAccessible, expectNoHorizontalScroll, shot, test } from "./fixtures";

type WalkData = { experimentId: number; experimentName: string; runIds: number[] };
type Mode = { name: string; viewport: { width: number; height: number }; colorScheme: "light" | "dark" };
type WalkPage = {
  name: string;
  path: (data: WalkData) => string;
  heading: RegExp | ((data: WalkData) => string);
  /** What shows once the page has its data (beyond the heading and no loading skeleton). */
  ready?: (page: Page) => Promise<void>;
};

const MODES: Mode[] = [
  { name: "light", viewport: { width: 1440, height: 900 }, colorScheme: "light" },
  { name: "dark", viewport: { width: 1440, height: 900 }, colorScheme: "dark" },
  { name: "phone", viewport: { width: 390, height: 844 }, colorScheme: "light" },
];

const PAGES: WalkPage[] = [
  { name: "experiments", path: () => "/experiments", heading: /Experiments/ },
  { name: "experiment", path: (d) => `/experiments/${d.experimentId}`, heading: (d) => d.experimentName },
  { name: "templates", path: () => "/templates", heading: /Templates/, ready: async (page) => {
    await expect(page.getByTestId("template-000")).toBeVisible();
  } },
  { name: "labs", path: () => "/labs", heading: /Labs/ },
  { name: "lab", path: () => `/labs/${env.labId}`, heading: /./, ready: async (page) => {
    await expect(page.getByTestId("traffic-boundary")).toBeVisible();
  } },
  { name: "team", path: () => "/team", heading: /Team/, ready: async (page) => {
    await expect(page.getByTestId("webhooks")).toBeVisible();
  } },
  { name: "changes", path: () => "/changes?status=all", heading: /Changes/ },
];

const SEED_NAME = "e2e walkthrough";

/**
 * Two finished runs: a 2-point maxconn sweep of seed 000, shortened to 3 s of load each. Made once
 * per stack: a later call (Playwright restarts its worker after a failed test, and beforeAll runs
 * again) finds the experiment and its runs instead of loading the lab again.
 */
async function seedRuns(browser: Browser): Promise<WalkData> {
  const context = await browser.newContext({ storageState: STORAGE_STATE });
  try {
    const api = await apiFor(context.request);
    type Run = { id: number; state: string };
    const runsOf = async (id: number) => (await api.get<{ items: Run[] }>(`/runs?experiment_id=${id}&order=oldest&limit=2`)).items;
    // journey.e2e.ts (which runs first) leaves 2-point sweeps of the same shape: use one, and
    // spare the lab another launch. Alone (HAPLAB_E2E_ARGS=e2e/walkthrough.e2e.ts), launch one.
    const journeys = await api.get<{ items: { id: number; name: string }[] }>(`/experiments?q=${encodeURIComponent("e2e journey")}`);
    for (const e of journeys.items) {
      const runs = await runsOf(e.id);
      if (runs.length === 2 && runs.every((r) => r.state === "succeeded")) return { experimentId: e.id, experimentName: e.name, runIds: runs.map((r) => r.id) };
    }
    const found = await api.get<{ items: { id: number; name: string }[] }>(`/experiments?q=${encodeURIComponent(SEED_NAME)}`);
    let experimentId = found.items.find((e) => e.name === SEED_NAME)?.id;
    if (experimentId == null) {
      const spec = await shortCapacitySpec(api);
      spec.load = { ...spec.load, warmup_s: 1, duration_s: 2 };
      spec.sweep = { axes: [{ path: "proxy.global.maxconn", values: [5, 10], label: "maxconn" }] };
      experimentId = (await api.post<{ id: number }>("/experiments", { name: SEED_NAME, spec })).id;
      await api.post(`/experiments/${experimentId}/launch`, { lab_id: env.labId });
    }
    const id = experimentId;
    await expect.poll(async () => (await runsOf(id)).map((r) => r.state), { timeout: 120_000, intervals: [1000] }).toEqual(["succeeded", "succeeded"]);
    return { experimentId: id, experimentName: SEED_NAME, runIds: (await runsOf(id)).map((r) => r.id) };
  } finally {
    await context.close();
  }
}

let data: WalkData;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  data = await seedRuns(browser);
});

for (const mode of MODES) {
  test.describe(`${mode.name} (${mode.viewport.width}x${mode.viewport.height})`, () => {
    test.use({ viewport: mode.viewport, colorScheme: mode.colorScheme });

    test(`every main page reads well in ${mode.name}`, async ({ page }) => {
      test.setTimeout(240_000);
      for (const walk of PAGES) {
        await test.step(walk.name, async () => {
          await page.goto(walk.path(data));
          await expect(page.locator("html")).toHaveAttribute("data-theme", mode.colorScheme);
          // Soft from here: one walk lists every page's problems instead of stopping at the first.
          await expect.soft(page.getByRole("heading", { level: 1 })).toContainText(typeof walk.heading === "function" ? walk.heading(data) : walk.heading);
          if (walk.ready) await expect.soft(walk.ready(page), `${walk.name} shows its data`).resolves.toBeUndefined();
          await expect.soft(page.locator(".loading")).toHaveCount(0);
          await expectNoHorizontalScroll(page, `${walk.name} (${mode.name})`, { soft: true });
          await expectAccessible(page, `${walk.name} (${mode.name})`, { soft: true });
          await shot(page, `walk-${mode.name}-${walk.name}`);
        });
      }
    });
  });
}

test.describe("phone navigation", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the navigation folds into a Menu button that opens and closes", async ({ page }) => {
    await page.goto("/");
    const menu = page.getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(nav).toBeVisible();
    await expectNoHorizontalScroll(page, "the open menu");
    await expectAccessible(page, "open menu (phone)");
    await shot(page, "walk-phone-menu-open");
    await nav.getByRole("link", { name: "Templates" }).click();
    await expect(page).toHaveURL(/\/templates/);
    await expect(nav).toBeHidden(); // following a link closes the menu
  });
});

test("the theme toggle overrides the system setting and is remembered", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-theme", "light");
  await page.getByLabel("Theme").selectOption("dark");
  await expect(html).toHaveAttribute("data-theme", "dark");
  await page.reload();
  await expect(html).toHaveAttribute("data-theme", "dark"); // set before the first paint, from localStorage
  await page.getByLabel("Theme").selectOption("system");
  await expect(html).toHaveAttribute("data-theme", "light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(html).toHaveAttribute("data-theme", "dark"); // "system" follows a change while open
});
