// What every spec imports instead of @playwright/test: the same `test` and `expect`, plus
// - a console check (automatic): every console warning or error and every uncaught page error of
//   the test's browser context is recorded, and the test fails at its end listing them;
// - expectAccessible(page, name): axe-core (WCAG 2.0/2.1 A and AA) fails on serious or critical
//   violations with a readable list;
// - expectNoHorizontalScroll(page, what): the page is no wider than the screen, or the elements
//   sticking out are named;
// - shot(page, name): a full-page screenshot into the screens folder (env.ts's snap).
import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type BrowserContext, type Page } from "@playwright/test";

export { snap as shot } from "./env";
export { expect };

// Chromium logs every HTTP error answer as "Failed to load resource: the server responded with a
// status of 422 (...)". The API refusing or not finding something (400, 401, 403, 404, 409, 422
// from /api/) is an answer the UI turns into words and specs assert on (a refused field, a
// viewer's 403, a 404 page): expected, so not a failure. A 405 or other 4xx (the client calling
// what does not exist), a 5xx, a missing asset or anything the app itself logs is.
const API_REFUSAL = /^Failed to load resource: the server responded with a status of (400|401|403|404|409|422)\b/;

/** The first lines of a message: enough to recognise it, without the whole stack. */
const brief = (text: string) => text.split("\n").slice(0, 4).join("\n").slice(0, 600);

export type ConsoleChecks = {
  /** Let messages matching `pattern` pass in this test (say why at the call). */
  allow: (pattern: RegExp) => void;
  /** Check another browser context the test opened, like the test's own. */
  watch: (context: BrowserContext) => void;
};

export const test = base.extend<{ consoleChecks: ConsoleChecks }>({
  consoleChecks: [
    async ({ context }, use) => {
      const problems: string[] = [];
      const allowed: RegExp[] = [];
      const watch = (ctx: BrowserContext) => {
        ctx.on("console", (message) => {
          const type = message.type();
          if (type !== "warning" && type !== "error") return;
          const text = message.text();
          const where = message.location().url;
          if (API_REFUSAL.test(text) && new URL(where || "http://x/").pathname.startsWith("/api/")) return;
          problems.push(`${type}: ${brief(text)}${where ? ` (${where}:${message.location().lineNumber})` : ""} on ${message.page()?.url() ?? "?"}`);
        });
        ctx.on("weberror", (error) => {
          problems.push(`uncaught: ${brief(error.error().message)} on ${error.page()?.url() ?? "?"}`);
        });
      };
      watch(context);
      await use({ allow: (pattern) => allowed.push(pattern), watch });
      const unexpected = problems.filter((p) => !allowed.some((a) => a.test(p)));
      expect(unexpected, `console warnings or errors during the test:\n${unexpected.join("\n")}`).toEqual([]);
    },
    { auto: true },
  ],
});

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe-core on the page as it is now: serious or critical violations fail, each with its elements.
 * `soft` records the failure and lets the test go on (a walkthrough lists every page's problems).
 */
export async function expectAccessible(page: Page, name: string, { soft = false } = {}): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const lines = blocking.map((v) => {
    const nodes = v.nodes.slice(0, 8).map((n) => `    ${n.target.join(" ")}: ${(n.failureSummary ?? "").replaceAll("\n", " ")}`);
    const more = v.nodes.length > 8 ? [`    ... and ${v.nodes.length - 8} more`] : [];
    return [`${v.impact} ${v.id}: ${v.help} (${v.helpUrl})`, ...nodes, ...more].join("\n");
  });
  if (blocking.length) {
    await test.info().attach(`axe-${name}.json`, { body: JSON.stringify(blocking, null, 2), contentType: "application/json" });
  }
  (soft ? expect.soft : expect)(lines, `axe-core on ${name} (${page.url()}):\n${lines.join("\n")}`).toEqual([]);
}

/** The page is no wider than the screen; if it is, name the elements sticking out. */
export async function expectNoHorizontalScroll(page: Page, what: string, { soft = false } = {}): Promise<void> {
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > innerWidth + 1)
      .slice(0, 6)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).join(".")}` : ""} (right ${Math.round(el.getBoundingClientRect().right)} px)`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, wide };
  });
  (soft ? expect.soft : expect)(scrollWidth, `${what} is ${scrollWidth} px wide on a ${innerWidth} px screen: ${wide.join(", ")}`).toBeLessThanOrEqual(innerWidth);
}
