// What tests/e2e/test_browser.py passes in: credentials, the lab to launch on, where to put
// screenshots. Missing values fail loudly instead of testing against the wrong thing.
import type { Page } from "@playwright/test";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the browser suite through tests/e2e/test_browser.py`);
  return value;
}

export const env = {
  get email() { return required("HAPLAB_E2E_EMAIL"); },
  get password() { return required("HAPLAB_E2E_PASSWORD"); },
  get viewerEmail() { return required("HAPLAB_E2E_VIEWER_EMAIL"); },
  get viewerPassword() { return required("HAPLAB_E2E_VIEWER_PASSWORD"); },
  get labId() { return Number(required("HAPLAB_E2E_LAB_ID")); },
  // Runs test_browser.py seeded with HAProxy's request log (and one without), for timers.e2e.ts.
  get timersRunId() { return Number(required("HAPLAB_E2E_TIMERS_RUN_ID")); },
  get noTimersRunId() { return Number(required("HAPLAB_E2E_NO_TIMERS_RUN_ID")); },
  // A finished capacity search launch test_browser.py seeded (two points, two searches each), for search.e2e.ts.
  get searchExperimentId() { return Number(required("HAPLAB_E2E_SEARCH_EXPERIMENT_ID")); },
  get searchProbes() { return Number(required("HAPLAB_E2E_SEARCH_PROBES")); },
  artifacts: process.env.HAPLAB_E2E_ARTIFACTS ?? "../var/artifacts/playwright",
};

/** A full-page screenshot under var/artifacts/playwright/screens/ (kept as a test artifact). */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${env.artifacts}/screens/${name}.png`, fullPage: true });
}

/** Sign in through the login page (the real form, the real cookie). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}
