// Browser acceptance tests against the REAL stack (tests/e2e/test_browser.py starts PostgreSQL,
// Redis, the API serving the built UI, a Celery worker and the local lab, then runs
// `npx playwright test` with the addresses and credentials below in the environment).
//
// Specs are `e2e/*.e2e.ts` (not *.spec.ts, which vitest would collect). One worker: every spec
// shares one lab, and a lab runs one run at a time anyway. Debian's Chromium is used because
// `npx playwright install` cannot download browsers here.
import { defineConfig } from "@playwright/test";

const artifacts = process.env.HAPLAB_E2E_ARTIFACTS ?? "../var/artifacts/playwright";
export const STORAGE_STATE = `${artifacts}/.auth/editor.json`;

export default defineConfig({
  testDir: "e2e",
  testMatch: /.*\.e2e\.ts$/,
  outputDir: `${artifacts}/test-results`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: process.env.HAPLAB_E2E_BASE_URL ?? "http://127.0.0.1:8300",
    viewport: { width: 1400, height: 900 },
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    acceptDownloads: true,
    launchOptions: {
      executablePath: process.env.HAPLAB_E2E_CHROMIUM ?? "/usr/bin/chromium",
      headless: true,
      args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    // Signs in once through the login page and saves the session cookie for the others.
    { name: "setup", testMatch: /auth\.setup\.e2e\.ts$/ },
    { name: "chromium", dependencies: ["setup"], testIgnore: /auth\.setup\.e2e\.ts$/, use: { storageState: STORAGE_STATE } },
  ],
});
