// Schedules as an editor sets one up on the experiment page: a cron the scheduler would not read
// is refused at its field, a good one shows its next times in the chosen zone before saving, and
// the saved schedule can be paused, resumed and deleted.
import { apiFor, shortCapacitySpec } from "./api";
import { env, snap } from "./env";
import { expect, test } from "./fixtures";

test("an editor schedules an experiment nightly on weekdays, pauses, resumes and deletes it", async ({ page }) => {
  const api = await apiFor(page.request);
  const spec = await shortCapacitySpec(api);
  const experiment = await api.post<{ id: number }>("/experiments", { name: `e2e scheduled ${Date.now()}`, spec });

  await page.goto(`/experiments/${experiment.id}`);
  const card = page.getByTestId("schedules");
  await expect(card.getByText("No schedule.")).toBeVisible();
  await card.getByRole("button", { name: "Add schedule" }).click();
  await card.getByRole("combobox", { name: /^Lab/ }).selectOption(String(env.labId));
  const cron = card.getByLabel(/^Cron/);
  await cron.fill("0 2 * * 7");
  await expect(card.locator('[data-field="cron"]')).toContainText("Sunday is 0");
  await snap(page, "60-schedule-refused-cron");

  await cron.fill("30 6 * * mon-fri");
  await card.getByLabel("Time zone").fill("Asia/Tokyo");
  await card.getByLabel("Name (optional)").fill("weekday mornings");
  // 06:30 in Tokyo, whatever the browser's own zone.
  await expect(card.getByTestId("schedule-preview")).toContainText(/Next: .*06:30.*\(Asia\/Tokyo\)/);
  await card.getByRole("combobox", { name: /^If the lab is busy/ }).selectOption("skip");
  await card.getByRole("button", { name: "Add schedule" }).click();

  const row = card.locator("tbody tr").filter({ hasText: "weekday mornings" });
  await expect(row).toContainText("30 6 * * mon-fri");
  await expect(row).toContainText("lab busy: skip this time");
  await expect(row.getByTestId("schedule-next")).toContainText(/06:30/);
  await expect(row.getByTestId("schedule-last-firing")).toHaveText("not fired yet");
  await snap(page, "61-schedule-added");
  // The lab's page shows what fires on it.
  await page.goto(`/labs/${env.labId}`);
  await expect(page.getByTestId("lab-schedules")).toContainText("weekday mornings");
  await snap(page, "62-lab-schedules");
  await page.goto(`/experiments/${experiment.id}`);

  await row.getByRole("button", { name: "Pause" }).click();
  await expect(row.getByText("paused", { exact: true })).toBeVisible();
  await expect(row.getByTestId("schedule-next")).toHaveText("paused: does not fire");
  await row.getByRole("button", { name: "Resume" }).click();
  await expect(row.getByTestId("schedule-next")).toContainText(/06:30/);

  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(card.getByText("No schedule.")).toBeVisible();
});
