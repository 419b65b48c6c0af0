// Browser half of bench/compare_render.py: time from navigation start until the Compare page
// has drawn every chart for RUN_IDS. Prints one JSON line: {"cold_ms": n, "warm_ms": [n, ...]}.
import { chromium } from "@playwright/test";

const { BASE_URL, EMAIL, PASSWORD, RUN_IDS } = process.env;
const runs = RUN_IDS.split(",").length;

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1400, height: 900 } });
const login = await context.request.post("/api/v1/auth/login", { data: { email: EMAIL, password: PASSWORD } });
if (!login.ok()) throw new Error(`login failed: ${login.status()}`);

async function load() {
  const page = await context.newPage();
  await page.goto(`/compare?runs=${RUN_IDS}`);
  // Every chart drawn: 10 sweep points, one overlay line and one spectrum line per run, the table.
  const counts = () => [
    document.querySelectorAll('[data-testid="sweep-chart"] .recharts-dot').length,
    document.querySelectorAll('[data-testid="series-chart"] path.recharts-line-curve').length,
    document.querySelectorAll('[data-testid="spectrum-chart"] path.recharts-line-curve').length,
    document.querySelectorAll('[data-testid="diff-table"] tbody tr').length,
  ];
  try {
    await page.waitForFunction(
      ([n, countsText]) => {
        const [dots, series, spectrum, rows] = new Function(`return (${countsText})()`)();
        return dots >= 10 && series >= n && spectrum >= n && rows >= n;
      },
      [runs, counts.toString()],
      { timeout: 120_000, polling: 50 },
    );
  } catch (e) {
    await page.screenshot({ path: "/tmp/compare-render-timeout.png" });
    throw new Error(`not drawn (dots, series, spectrum, rows = ${await page.evaluate(counts)}): ${e}`);
  }
  // Where the time went: the last script and the last API answer, then drawing.
  const [ms, scriptsMs, apiMs, apiCalls, timeline] = await page.evaluate(() => {
    const entries = performance.getEntriesByType("resource");
    const end = (test) => Math.max(0, ...entries.filter((e) => test(e.name)).map((e) => e.responseEnd));
    return [
      performance.now(),
      end((n) => n.endsWith(".js")),
      end((n) => n.includes("/api/")),
      entries.filter((e) => e.name.includes("/api/")).length,
      entries.map((e) => `${e.name.replace(/^https?:\/\/[^/]+/, "").slice(0, 50)} ${e.startTime.toFixed(0)}-${e.responseEnd.toFixed(0)}`),
    ];
  });
  await page.close();
  return { ms, scriptsMs, apiMs, apiCalls, timeline };
}

const cold = await load();
const warm = [];
for (let i = 0; i < 5; i++) warm.push(await load());
await browser.close();
console.log(
  JSON.stringify({
    cold_ms: cold.ms,
    warm_ms: warm.map((w) => w.ms),
    // Of the median warm load: when the last script and the last API answer arrived.
    breakdown: warm.sort((a, b) => a.ms - b.ms)[Math.floor(warm.length / 2)],
  }),
);
