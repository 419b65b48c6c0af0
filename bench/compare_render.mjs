// Browser half of bench/compare_render.py: time from navigation start until the Compare page
// has drawn every chart for RUN_IDS. Prints one JSON line: {"cold_ms": n, "warm_ms": [n, ...],
// "breakdown": {...}, "profile": [...]}.
//   CONFIG_DIFF=0  a build without the setup diff block (the page before it existed)
//   PROFILE=1      also one profiled warm load: JavaScript self time by function and by script
import { chromium } from "@playwright/test";

const { BASE_URL, EMAIL, PASSWORD, RUN_IDS, CONFIG_DIFF = "1", PROFILE = "0" } = process.env;
const runs = RUN_IDS.split(",").length;

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1400, height: 900 } });
// Main-thread tasks over 50 ms, to see which answer's drawing takes the time.
await context.addInitScript(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => [e.startTime, e.duration]))).observe({ type: "longtask", buffered: true });
});
const login = await context.request.post("/api/v1/auth/login", { data: { email: EMAIL, password: PASSWORD } });
if (!login.ok()) throw new Error(`login failed: ${login.status()}`);

// Every chart drawn: 10 sweep points, one overlay line and one spectrum line per run, the table,
// and (when the build has it) the setup diff.
const counts = () => [
  document.querySelectorAll('[data-testid="sweep-chart"] .recharts-dot').length,
  document.querySelectorAll('[data-testid="series-chart"] path.recharts-line-curve, [data-testid="series-chart"] path.chart-line').length,
  document.querySelectorAll('[data-testid="spectrum-chart"] path.recharts-line-curve, [data-testid="spectrum-chart"] path.chart-line').length,
  document.querySelectorAll('[data-testid="diff-table"] tbody tr').length,
  document.querySelectorAll('[data-testid="config-diff"]').length,
];

/** JavaScript self time of a CPU profile, by function and by script, the heaviest first. */
function summarize(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byFunction = new Map();
  const byScript = new Map();
  for (const [id, ms] of self) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const script = url ? url.replace(/^.*\//, "").replace(/-[\w-]{8}\.js$/, ".js") : functionName || "(anonymous)";
    const fn = `${functionName || "(anonymous)"} ${script}${url ? `:${lineNumber + 1}` : ""}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
  }
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(0).padStart(5)} ms  ${k}`);
  return [...top(byScript, 8).map((l) => `script   ${l}`), ...top(byFunction, 15).map((l) => `function ${l}`)];
}

const ALL = RUN_IDS.split(",");

async function load(profiled = false, reuse = null, ids = ALL) {
  const page = reuse ?? (await context.newPage());
  const cdp = profiled ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  await page.goto(`/compare?runs=${ids.join(",")}`);
  try {
    // Checked every frame; the time is taken in the page the first time everything is there, so
    // neither the polling interval nor the round trip to Playwright is counted.
    await page.waitForFunction(
      ([n, countsText, diff]) => {
        const [dots, series, spectrum, rows, setup] = new Function(`return (${countsText})()`)();
        // The sweep's 10 points (RUN_IDS in order: maxconn 10, 20, .. 100, then the repetitions).
        const drawn = dots >= Math.min(n, 10) && series >= n && spectrum >= n && rows >= n && (setup >= 1 || !diff);
        if (drawn) window.__drawnAt ??= performance.now();
        return drawn;
      },
      [ids.length, counts.toString(), CONFIG_DIFF !== "0"],
      { timeout: 120_000, polling: "raf" },
    );
  } catch (e) {
    await page.screenshot({ path: "/tmp/compare-render-timeout.png" });
    throw new Error(`not drawn (dots, series, spectrum, rows, setup diff = ${await page.evaluate(counts)}): ${e}`);
  }
  const profile = cdp ? summarize((await cdp.send("Profiler.stop")).profile) : undefined;
  // Where the time went: the last script and the last API answer, then drawing.
  const [ms, scriptsMs, apiMs, apiCalls, timeline, longTasks] = await page.evaluate(() => {
    const entries = performance.getEntriesByType("resource");
    const end = (test) => Math.max(0, ...entries.filter((e) => test(e.name)).map((e) => e.responseEnd));
    return [
      window.__drawnAt,
      end((n) => n.endsWith(".js")),
      end((n) => n.includes("/api/")),
      entries.filter((e) => e.name.includes("/api/")).length,
      entries.map((e) => `${e.name.replace(/^https?:\/\/[^/]+/, "").slice(0, 50)} ${e.startTime.toFixed(0)}-${e.responseEnd.toFixed(0)}`),
      window.__longTasks.map(([start, duration]) => `main thread busy ${start.toFixed(0)}-${(start + duration).toFixed(0)}`),
    ];
  });
  if (!reuse) await page.close();
  return { ms, scriptsMs, apiMs, apiCalls, timeline: [...timeline, ...longTasks], profile };
}

const WARM = 9;
const cold = await load();
// Warm: the HTTP cache holds the app's files (and V8's code cache their compiled code).
// "New tab": each load in a fresh tab, so a fresh renderer process; "same tab": the page loaded
// again in one tab (a reload, or a link followed in the tab), whose renderer process stays.
const warm = [];
for (let i = 0; i < WARM; i++) warm.push(await load());
const tab = await context.newPage();
await load(false, tab); // this tab's first load is a new tab's
const sameTab = [];
for (let i = 0; i < WARM; i++) sameTab.push(await load(false, tab));
// For scale, in new tabs too: the same page with 2 runs, and a page of the app with no data at all
// (the 404 page: the shell, its session and the page's code), the floor of any page in a new tab.
const twoRuns = [];
for (let i = 0; i < 5; i++) twoRuns.push(await load(false, null, ALL.slice(0, 2)));
const shell = [];
for (let i = 0; i < 5; i++) {
  const page = await context.newPage();
  await page.goto("/no-such-page");
  await page.waitForFunction(() => (document.querySelector(".empty h2") ? (window.__drawnAt ??= performance.now()) : false), null, { polling: "raf" });
  shell.push(await page.evaluate(() => window.__drawnAt));
  await page.close();
}
const profiled = PROFILE === "1" ? await load(true) : null;
await browser.close();
console.log(
  JSON.stringify({
    cold_ms: cold.ms,
    warm_ms: warm.map((w) => w.ms),
    same_tab_ms: sameTab.map((w) => w.ms),
    two_runs_ms: twoRuns.map((w) => w.ms),
    shell_ms: shell,
    // Of the median warm load: when the last script and the last API answer arrived.
    breakdown: warm.sort((a, b) => a.ms - b.ms)[Math.floor(warm.length / 2)],
    profile: profiled && { ms: profiled.ms, lines: profiled.profile },
  }),
);
