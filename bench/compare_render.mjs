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
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('[data-testid="sweep-chart"] .recharts-line-dots .recharts-dot').length >= 10 &&
      document.querySelectorAll('[data-testid="series-chart"] path.recharts-line-curve').length >= n &&
      document.querySelectorAll('[data-testid="spectrum-chart"] path.recharts-line-curve').length >= n &&
      document.querySelectorAll('[data-testid="diff-table"] tbody tr').length >= n,
    runs,
    { timeout: 120_000, polling: 50 },
  );
  const ms = await page.evaluate(() => performance.now());
  await page.close();
  return ms;
}

const cold = await load();
const warm = [];
for (let i = 0; i < 5; i++) warm.push(await load());
await browser.close();
console.log(JSON.stringify({ cold_ms: cold, warm_ms: warm }));
