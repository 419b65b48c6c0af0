// Every page of the app renders for a signed-in editor: a screenshot of each (the run side's
// pages with data are captured by journey.e2e.ts and walkthrough.e2e.ts).
import { snap } from "./env";
import { expect, test } from "./fixtures";

const PAGES: [string, string][] = [
  ["/experiments", "Experiments"],
  ["/templates", "Templates"],
  ["/history", "History"],
  ["/compare", "Compare"],
  ["/labs", "Labs"],
  ["/team", "Team"],
];

for (const [path, title] of PAGES) {
  test(`${path} renders`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
    await expect(page.locator("[role=status]")).toHaveCount(0); // nothing still loading
    await snap(page, `05-page${path.replaceAll("/", "-")}`);
  });
}
