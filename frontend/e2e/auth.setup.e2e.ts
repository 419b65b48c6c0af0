// Sign in once as the editor; the other projects reuse the saved cookie (storageState).
import { STORAGE_STATE } from "../playwright.config";
import { env, signIn, snap } from "./env";
import { expect, test as setup } from "./fixtures";

setup("sign in", async ({ page }) => {
  await page.goto("/experiments");
  await expect(page).toHaveURL(/\/login/); // signed out: sent to the login page
  await snap(page, "00-login");
  await signIn(page, env.email, env.password);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.context().storageState({ path: STORAGE_STATE });
});
