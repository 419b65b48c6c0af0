// Acceptance (2): the designer shows `haproxy -c`'s error at the offending line and keeps Launch
// disabled; a viewer sees no launch/delete/cancel actions and the API refuses them anyway.
import { apiFor, shortCapacitySpec } from "./api";
import { env, signIn, snap } from "./env";
import { expect, test } from "./fixtures";

test("an invalid raw line shows the haproxy -c error at its line and Launch stays disabled", async ({ page }) => {
  await page.goto("/experiments/new?template=000");
  await page.locator("#lab-picker").selectOption(String(env.labId));
  const rawLines = page.getByLabel("raw extra lines").first();
  // A value haplab's allowlist can judge is refused at the field, before HAProxy sees it.
  await rawLines.fill("tune.http.maxhdr notanumber");
  const fieldError = page.locator('[data-field="spec.proxy.global.extra"]');
  await expect(fieldError).toContainText(/line 1: .*must be a whole number/, { timeout: 30_000 });
  await snap(page, "39-designer-refused-raw-line");
  await expect(page.getByTestId("validation-state")).toHaveText("has errors");
  await expect(page.getByRole("button", { name: /launch/i })).toBeDisabled();
  // One only HAProxy refuses (maxhdr must be at least 1) passes the allowlist; `haproxy -c`'s
  // error is shown under the line typed and at the rendered line.
  await rawLines.fill("tune.http.maxhdr 0");
  await expect(fieldError).toContainText(/line 1: HAProxy refuses this line: .*maxhdr/, { timeout: 30_000 });
  const bad = page.locator(".cfg-line.bad");
  await expect(bad).toHaveCount(1, { timeout: 30_000 });
  await expect(bad).toContainText("tune.http.maxhdr 0");
  await expect(bad.getByRole("note")).toContainText("maxhdr");
  await expect(page.getByTestId("validation-state")).toHaveText("has errors");
  await expect(page.getByRole("button", { name: /launch/i })).toBeDisabled();
  await snap(page, "40-designer-invalid-raw-line");
});

test("a viewer cannot launch, delete or cancel: no buttons, and the API refuses", async ({ page, browser }, info) => {
  // As the editor: an experiment with a queued run (the lab runs one run at a time).
  const editor = await apiFor(page.request);
  const spec = await shortCapacitySpec(editor);
  spec.sweep = { axes: [] };
  const experiment = await editor.post<{ id: number }>("/experiments", { name: "e2e viewer check", spec });
  const launched = await editor.post<{ run_ids: number[] }>(`/experiments/${experiment.id}/launch`, { lab_id: env.labId });
  const runId = launched.run_ids[0];

  const context = await browser.newContext({ baseURL: info.project.use.baseURL, storageState: { cookies: [], origins: [] } });
  const viewerPage = await context.newPage();
  try {
    await signIn(viewerPage, env.viewerEmail, env.viewerPassword);
    const viewer = await apiFor(viewerPage.request);

    await viewerPage.goto(`/experiments/${experiment.id}`);
    await expect(viewerPage.getByRole("heading", { level: 1 })).toContainText("e2e viewer check");
    await expect(viewerPage.getByRole("button", { name: "Delete" })).toHaveCount(0);
    await expect(viewerPage.getByRole("button", { name: "Add schedule" })).toHaveCount(0);
    await snap(viewerPage, "50-viewer-experiment");

    await viewerPage.goto(`/experiments/${experiment.id}/edit`);
    await expect(viewerPage.getByRole("button", { name: /launch/i })).toBeDisabled();
    await expect(viewerPage.getByText("viewers cannot launch")).toBeVisible();

    await viewerPage.goto(`/runs/${runId}`);
    await expect(viewerPage.getByTestId("run-state")).toBeVisible();
    await expect(viewerPage.getByRole("button", { name: "Cancel run" })).toHaveCount(0);
    await snap(viewerPage, "51-viewer-run");

    expect(await viewer.status("POST", `/experiments/${experiment.id}/launch`, { lab_id: env.labId })).toBe(403);
    expect(await viewer.status("DELETE", `/experiments/${experiment.id}`)).toBe(403);
    expect(await viewer.status("POST", `/runs/${runId}/cancel`)).toBe(403);
  } finally {
    await context.close();
    // Leave the lab free: the editor cancels the run (a queued run is cancelled at once).
    await editor.status("POST", `/runs/${runId}/cancel`);
  }
});
