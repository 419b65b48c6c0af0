// The lab's traffic boundary as a lab admin uses it: the agents and the entries are listed, a bad
// entry is refused with the message next to its field, a good one is saved (and removed again).
import { env, snap } from "./env";
import { expect, test } from "./fixtures";

test("a lab admin adds an entry to the traffic boundary; a bad one is refused at its field", async ({ page }) => {
  await page.goto(`/labs/${env.labId}`);
  const section = page.getByTestId("traffic-boundary");
  await expect(section.getByRole("heading", { name: "Traffic boundary" })).toBeVisible();
  await expect(section.getByTestId("boundary-agents")).toContainText("proxy-1");

  const rows = section.getByTestId("boundary-entries").locator("tbody tr");
  const before = await rows.count();
  await section.getByRole("button", { name: "Add entry" }).click();
  const added = rows.nth(before);
  await added.getByRole("textbox", { name: /address/ }).fill("10.99.0.1/16");
  await added.getByRole("textbox", { name: /note/ }).fill("e2e: the shared cache tier");
  await section.getByRole("button", { name: "Save boundary" }).click();
  await expect(added.locator(".field-error")).toContainText("not a CIDR");
  await snap(page, "50-lab-boundary-refused-entry");

  await added.getByRole("textbox", { name: /address/ }).fill("10.99.0.0/16");
  await section.getByRole("button", { name: "Save boundary" }).click();
  await expect(section.getByRole("status")).toHaveText("Saved.");
  await expect(rows.nth(before).getByRole("textbox", { name: /address/ })).toHaveValue("10.99.0.0/16");
  await snap(page, "51-lab-boundary-saved");

  await rows.nth(before).getByRole("button", { name: "Remove" }).click();
  await section.getByRole("button", { name: "Save boundary" }).click();
  await expect(rows).toHaveCount(before);
});
