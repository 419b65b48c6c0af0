import { chromium } from "@playwright/test";
import { readFileSync } from "node:fs";
const s = JSON.parse(readFileSync("/tmp/chartkit/stack.json"));
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: ["--no-sandbox"] });
const context = await browser.newContext({ baseURL: s.url, viewport: { width: 1400, height: 900 } });
await context.addInitScript(() => { window.__lt = []; new PerformanceObserver((l) => window.__lt.push(...l.getEntries().map((e) => [e.startTime, e.duration]))).observe({ type: "longtask", buffered: true }); });
await context.request.post("/api/v1/auth/login", { data: { email: s.email, password: s.password } });
for (const skip of (process.env.SKIPS ?? "").split(" ")) {
  const res = [];
  for (let i = 0; i < 5; i++) {
    const page = await context.newPage();
    await page.goto(`/compare?runs=${s.ids.join(",")}&skip=${skip}`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="diff-table"], [data-testid="sweep-chart"], [data-testid="spectrum-chart"]').length >= 0 && performance.getEntriesByType("resource").filter((e) => e.name.includes("/compare")).length >= 5, null, { polling: 50 });
    await page.waitForTimeout(1500);
    const [busy, firstApi] = await page.evaluate(() => { const api = Math.min(...performance.getEntriesByType("resource").filter((e) => e.name.includes("/compare")).map((e) => e.responseEnd)); return [window.__lt.filter(([st]) => st > api - 5).reduce((a, [, d]) => a + d, 0), api]; });
    res.push(Math.round(busy));
    await page.close();
  }
  res.sort((a, b) => a - b); const lo = res[0];
  console.log(`skip=${skip || "(none)"}: main-thread long tasks after the first answer, ms: ${res.join(" ")} median ${res[2]}`);
}
await browser.close();
