// The lab's traffic boundary as a lab admin uses it: the agents and the entries are listed, a bad
// entry is refused with the message next to its field, a good one is saved (and removed again).
// And an agent revoked from the lab page, after a confirmation.
import { apiFor } from "./api";
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

test("a lab admin revokes an agent after confirming; it is listed as revoked and its token is refused", async ({ page }) => {
  // A spare agent of the shared lab (enrolled, never started, so no run picks it): the lab's own
  // three agents stay as they are for the other specs.
  const api = await apiFor(page.request);
  const { token } = await api.post<{ token: string }>(`/labs/${env.labId}/enrollment-tokens`, { roles: ["target"] });
  const enrolled = await page.request.post("/api/v1/agent/enroll", { data: { token, name: "e2e-spare", roles: ["target"] } });
  expect(enrolled.status()).toBe(201);
  const spare = (await enrolled.json()) as { agent_id: number; agent_token: string };

  await page.goto(`/labs/${env.labId}`);
  const agents = page.getByRole("region", { name: /^Agents/ });
  const revoke = page.getByRole("button", { name: "Revoke agent e2e-spare" });
  await revoke.click();
  const dialog = page.getByRole("dialog", { name: "Revoke agent e2e-spare?" });
  await expect(dialog).toContainText("refused from now on");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(revoke).toBeVisible(); // cancelled: nothing happened

  await revoke.click();
  await dialog.getByRole("button", { name: "Revoke" }).click();
  await expect(revoke).toHaveCount(0);
  await agents.getByText(/Revoked agents/).click();
  const revokedRow = agents.getByRole("table", { name: "Revoked agents" }).getByRole("row", { name: new RegExp(`e2e-spare #${spare.agent_id}`) });
  await expect(revokedRow).toContainText("revoked");
  await snap(page, "52-lab-agent-revoked");

  const refused = await page.request.get("/api/v1/agent/commands?wait_s=0", { headers: { Authorization: `Bearer ${spare.agent_token}` } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error).toBe("agent_revoked");
});
