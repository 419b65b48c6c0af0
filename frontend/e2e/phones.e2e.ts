// On a 390 px phone, the pages people check on the go keep the columns they come for: History
// (run, experiment, outcome and its figures), a lab (each agent, its roles and status), the team
// (members and their roles, tokens and their scope), an experiment (its versions, each sweep
// point's rate and bound). A table wider than the screen is read as cards there, each cell beside
// its column's name; no key column may sit outside the screen, nor the page scroll sideways.
// Self-contained: one short launch of its own (two maxconn points) gives History and the
// experiment something to show. A screenshot of each page, light and dark.
import type { Locator } from "@playwright/test";

import { STORAGE_STATE } from "../playwright.config";

import { apiFor, shortCapacitySpec } from "./api";
import { env } from "./env";
import { expect, expectAccessible, expectNoHorizontalScroll, shot, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };
const TERMINAL = ["succeeded", "partial", "failed", "cancelled"];

/**
 * Each of `columns` (by its header text) has its header and its cells within the screen's width:
 * in a table, the header cell and the first row's cell; as cards, each cell carries its column's
 * name (data-label) and sits inside the screen. Returns how the table was read ("cards" or "table").
 */
async function expectColumnsInView(table: Locator, columns: string[], what: string): Promise<string> {
  await expect(table, what).toBeVisible();
  const found = await table.evaluate((el, wanted) => {
    const width = window.innerWidth;
    const headers = [...el.querySelectorAll("thead th")].map((th) => th.textContent?.trim() ?? "");
    const row = el.querySelector("tbody tr");
    const cells = row ? [...row.querySelectorAll(":scope > td, :scope > th")] : [];
    const inView = (node: Element | undefined) => {
      if (!node) return false;
      const r = node.getBoundingClientRect();
      return r.width > 0 && r.left >= -1 && r.right <= width + 1;
    };
    // Cards: the rows are no longer table rows (each is a box of its cells, one under another).
    const cards = row != null && getComputedStyle(row).display !== "table-row";
    return {
      mode: cards ? "cards" : "table",
      problems: wanted.flatMap((name) => {
        const index = headers.findIndex((h) => h === name || h.startsWith(`${name} `));
        if (index < 0) return [`no column "${name}" (headers: ${headers.join(" | ")})`];
        const cell = cells[index];
        if (!inView(cell)) return [`"${name}": its cell is outside the ${width} px screen (${JSON.stringify(cell?.getBoundingClientRect())})`];
        if (cards && (cell as HTMLElement).dataset.label !== headers[index]) return [`"${name}": the card's cell does not name its column`];
        if (!cards && !inView(el.querySelectorAll("thead th")[index])) return [`"${name}": its header is outside the screen`];
        return [];
      }),
    };
  }, columns);
  // Soft: every page is checked and photographed, each problem listed; the test fails at its end.
  expect.soft(found.problems, `${what}: key columns in view`).toEqual([]);
  return found.mode;
}

test.describe("phones keep the key columns", () => {
  test.describe.configure({ timeout: 180_000 });
  let experimentId = 0;

  test.beforeAll(async ({ browser }) => {
    const { baseURL } = test.info().project.use;
    const context = await browser.newContext({ baseURL, storageState: STORAGE_STATE });
    const api = await apiFor(context.request);
    const spec = await shortCapacitySpec(api);
    spec.load = { ...spec.load, connections: 8, warmup_s: 0, duration_s: 2, request_timeout_s: 3 };
    spec.sweep = { axes: [{ path: "proxy.global.maxconn", values: [5, 10], label: "maxconn" }] };
    const experiment = await api.post<{ id: number }>("/experiments", { name: `e2e phone ${Date.now().toString(36)}`, description: "", tags: ["phone"], spec });
    experimentId = experiment.id;
    const { launch_id: launchId } = await api.post<{ launch_id: number }>(`/experiments/${experimentId}/launch`, { lab_id: env.labId });
    await expect
      .poll(async () => (await api.get<{ items: { state: string }[] }>(`/runs?launch_id=${launchId}`)).items.every((r) => TERMINAL.includes(r.state)), {
        timeout: 120_000,
        intervals: [1000],
      })
      .toBe(true);
    await context.close();
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`History, a lab, the team and an experiment at 390 px (${colorScheme})`, async ({ browser, consoleChecks }) => {
      const { baseURL } = test.info().project.use;
      const context = await browser.newContext({ baseURL, storageState: STORAGE_STATE, viewport: PHONE, colorScheme });
      consoleChecks.watch(context);
      const page = await context.newPage();
      try {
        await page.goto(`/history?experiment=${experimentId}`);
        const runs = page.getByTestId("runs-table");
        await expect(runs.locator("tbody tr")).toHaveCount(2);
        await expect(runs).toHaveAttribute("aria-busy", "false");
        await expectColumnsInView(runs, ["Run", "Experiment", "Outcome", "Successful requests", "Latency p99", "Error rate", "Verdict"], "History");
        await expectNoHorizontalScroll(page, `history (${colorScheme})`, { soft: true });
        await expectAccessible(page, `history on a phone (${colorScheme})`, { soft: true });
        await shot(page, `phone-${colorScheme}-history`);

        await page.goto(`/labs/${env.labId}`);
        const agents = page.locator("section[aria-labelledby='agents-title'] table").first();
        await expect(agents.locator("tbody tr")).toHaveCount(3);
        await expectColumnsInView(agents, ["Agent", "Roles", "Status"], "the lab's agents");
        await expectNoHorizontalScroll(page, `lab (${colorScheme})`, { soft: true });
        await expectAccessible(page, `lab on a phone (${colorScheme})`, { soft: true });
        await shot(page, `phone-${colorScheme}-lab`);

        await page.goto("/team");
        const members = page.locator("section[aria-labelledby='members-title'] table");
        await expectColumnsInView(members, ["Name", "Email", "Role"], "the team's members");
        const tokens = page.locator("section[aria-labelledby='tokens-title'] table");
        if ((await tokens.count()) > 0) await expectColumnsInView(tokens, ["Name", "Scope", "Expires"], "the team's tokens");
        await expectNoHorizontalScroll(page, `team (${colorScheme})`, { soft: true });
        await expectAccessible(page, `team on a phone (${colorScheme})`, { soft: true });
        await shot(page, `phone-${colorScheme}-team`);

        await page.goto(`/experiments/${experimentId}`);
        await expectColumnsInView(page.locator("section", { has: page.getByRole("heading", { name: "Versions" }) }).locator("table"), ["Version", "Created"], "the experiment's versions");
        const points = page.locator("table.analysis-points");
        await expect(points.locator("tbody tr")).toHaveCount(2);
        await expectColumnsInView(points, ["Point", "req/s", "errors %", "maxconn", "Bound"], "the sweep's points");
        await expectNoHorizontalScroll(page, `experiment (${colorScheme})`, { soft: true });
        await expectAccessible(page, `experiment on a phone (${colorScheme})`, { soft: true });
        await shot(page, `phone-${colorScheme}-experiment`);
      } finally {
        await context.close();
      }
    });
  }
});
