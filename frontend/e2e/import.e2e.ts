// Acceptance (issue 35, the import page): a production haproxy.cfg pasted into the browser. Three
// backends routed by ACLs, a TLS bind with a certificate path, a userlist and a lua-load, and a
// server whose address comes from "${APP3}". The summary first; the lua-load shown refused with its
// reason, the userlist not imported, the certificate path mapped to the lab's certificate; APP3
// given a value and imported again (its server line becomes mapped); then the designer opens it as
// a new experiment whose rendered config keeps the use_backend routing. Light, dark, a phone, axe.
import type { Page } from "@playwright/test";

import { env, signIn } from "./env";
import { expect, expectAccessible, expectNoHorizontalScroll, shot, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };

const PRODUCTION_CFG = `global
    log /dev/log local0
    chroot /var/lib/haproxy
    user haproxy
    daemon
    maxconn 4000
    nbthread 2
    lua-load /etc/haproxy/cors.lua
    ssl-default-bind-options ssl-min-ver TLSv1.2 no-tls-tickets

userlist admins
    user alice password $5$abc$xyz
    group ops users alice

defaults
    mode    http
    option  httplog
    timeout connect 5s
    timeout client  50s
    timeout server  50s

# Production's front door: TLS, routed by path.
frontend www
    bind :80
    bind :443 ssl crt /etc/ssl/private/site.pem alpn h2,http/1.1
    acl is_api path_beg /api
    acl is_static path_beg /static /images
    use_backend api if is_api
    use_backend static if is_static
    default_backend app

backend app
    option httpchk GET /health
    server app1 10.0.0.11:8080 check weight 10 maxconn 200
    server app2 10.0.0.12:8080 check weight 20 maxconn 200
    server app3 "\${APP3}" check

backend api
    balance leastconn
    http-reuse always
    server api1 10.0.1.1:9000 check maxconn 100

backend static
    server s1 10.0.2.1:80 check
`;

/** The line of the original list whose text (not its detail) contains `text`. */
const originalLine = (page: Page, text: string) =>
  page.getByTestId("import-original").locator("li.import-line", { has: page.locator("code.import-text", { hasText: text }) });

test("import a production haproxy.cfg: every line's fate, the lab's mapping, then the designer", async ({ page }) => {
  // Reached from the Experiments list.
  await page.goto("/experiments");
  await page.getByRole("link", { name: "Import haproxy.cfg" }).click();
  await expect(page).toHaveURL(/\/experiments\/import$/);
  await expect(page.getByRole("heading", { name: "Import haproxy.cfg" })).toBeVisible();
  const textarea = page.getByLabel("haproxy.cfg", { exact: true });
  const importButton = page.getByRole("button", { name: "Import", exact: true });
  await expect(importButton).toBeDisabled();

  // A file opened with the picker fills the box; one that is not text (a NUL byte: the wrong
  // file picked) is refused at the box.
  await page.getByTestId("import-file").setInputFiles({ name: "haproxy.cfg.gz", mimeType: "text/plain", buffer: Buffer.from("global\n\0maxconn 100\n") });
  await expect(textarea).toHaveValue("global\n\0maxconn 100\n");
  await expect(page.getByTestId("import-file-name")).toHaveText("from haproxy.cfg.gz");
  await importButton.click();
  const textError = page.locator(".import-form .field-error[data-field='text']");
  await expect(textError).toBeVisible();
  await expect(textError).toContainText(/NUL/);
  await expect(page.getByTestId("import-result")).toHaveCount(0);

  // Paste production's config and import it.
  await textarea.fill(PRODUCTION_CFG);
  await importButton.click();
  const summary = page.getByTestId("import-summary");
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(textError).toHaveCount(0);
  await expect(summary.getByRole("heading", { name: "imported www" })).toBeVisible();
  // The answer first: how many lines, each fate, refused in the danger colour; haproxy -c's verdict.
  const counts = page.getByTestId("import-counts");
  await expect(counts).toContainText(/^\d+ lines: \d+ modelled, .*\d+ mapped, \d+ refused, \d+ not imported/);
  const refusedCount = Number((await counts.locator(".import-refused").innerText()).split(" ")[0]);
  expect(refusedCount, "chroot, user, lua-load and the APP3 server are refused at least").toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId("import-check")).toHaveText("haproxy -c ok");

  // lua-load: refused, with its reason on the line.
  const lua = originalLine(page, "lua-load /etc/haproxy/cors.lua");
  await expect(lua).toHaveAttribute("data-fate", "refused");
  await expect(lua.locator(".import-detail")).toContainText("Lua is not allowed");
  // The userlist: not imported, every line of it, saying why.
  for (const text of ["userlist admins", "user alice password", "group ops users alice"]) {
    await expect(originalLine(page, text)).toHaveAttribute("data-fate", "not_imported");
  }
  await expect(originalLine(page, "userlist admins").locator(".import-detail")).toContainText("userlists");
  // The comment is skipped, a blank line shown plain; the routing kept.
  await expect(originalLine(page, "# Production's front door")).toHaveAttribute("data-fate", "skipped");
  await expect(originalLine(page, "use_backend api if is_api")).toHaveAttribute("data-fate", "kept");
  await expect(page.getByTestId("import-rendered")).toContainText("use_backend static if is_static");
  // The certificate path: mapped to the lab's certificate, on its line and in the table.
  await expect(originalLine(page, "bind :443 ssl crt")).toHaveAttribute("data-fate", "mapped");
  const certificate = page.getByTestId("import-mappings").locator("tr", { hasText: "/etc/ssl/private/site.pem" });
  await expect(certificate).toContainText("certificate");
  await expect(certificate).toContainText("lab certificate");
  await expect(page.getByTestId("import-rendered")).toContainText("crt {runtime_dir}/certs/lab.pem");

  // The filter reads the config by fate.
  const filter = page.getByRole("group", { name: "Show lines" });
  await filter.getByRole("button", { name: /^Refused/ }).click();
  await expect(page.getByTestId("import-original").locator("li.import-line")).toHaveCount(refusedCount);
  await expect(page.getByTestId("import-original").locator("li.import-line:not([data-fate='refused'])")).toHaveCount(0);
  await filter.getByRole("button", { name: /^Not imported/ }).click();
  await expect(originalLine(page, "userlist admins")).toBeVisible();
  await expect(lua).toHaveCount(0);
  await filter.getByRole("button", { name: /^All/ }).click();
  await expect(lua).toBeVisible();

  // "${APP3}" has no value: its server line is refused, and the variable is asked for.
  const app3 = originalLine(page, 'server app3 "${APP3}"');
  await expect(app3).toHaveAttribute("data-fate", "refused");
  await expect(app3.locator(".import-detail")).toContainText("APP3");
  const inputs = page.getByTestId("import-inputs");
  await expect(inputs).toBeVisible();

  await expectAccessible(page, "import (light)");
  await shot(page, "import-light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expectAccessible(page, "import (dark)");
  await shot(page, "import-dark");
  await page.emulateMedia({ colorScheme: "light" });

  // Give APP3 a value and import again: the line becomes a mapped server.
  await inputs.getByLabel(/APP3/).fill("10.0.0.13:8080");
  await inputs.getByRole("button", { name: "Import again" }).click();
  await expect(app3).toHaveAttribute("data-fate", "mapped", { timeout: 30_000 });
  await expect(page.getByTestId("import-mappings").locator("tr", { hasText: "10.0.0.13:8080" })).toBeVisible();
  await expect(counts.locator(".import-refused")).toHaveText(`${refusedCount - 1} refused`);
  await expect(inputs.getByLabel(/APP3/)).toHaveValue("10.0.0.13:8080");

  // On a phone the two panes stack, nothing scrolls sideways.
  await page.setViewportSize(PHONE);
  const original = await page.getByTestId("import-original").boundingBox();
  const rendered = await page.getByTestId("import-rendered").boundingBox();
  expect(rendered!.y, "the rendered config under the original on a phone").toBeGreaterThan(original!.y + original!.height - 1);
  await expectNoHorizontalScroll(page, "import on a phone");
  await expectAccessible(page, "import (phone)");
  await shot(page, "import-phone");
  await page.setViewportSize({ width: 1400, height: 900 });

  // Open it in the designer: a new experiment, nothing saved, validated live, the routing kept.
  await page.getByTestId("open-in-designer").click();
  await expect(page).toHaveURL(/\/experiments\/new\?import=1$/);
  await expect(page.getByRole("heading", { name: "New experiment" })).toBeVisible();
  await expect(page.locator("#exp-name")).toHaveValue("imported www");
  await expect(page.getByTestId("validation-state")).toHaveText("valid", { timeout: 30_000 });
  const designerConfig = page.getByTestId("rendered-config");
  await expect(designerConfig).toContainText("use_backend api if is_api");
  await expect(designerConfig).toContainText("default_backend app");
  await expect(designerConfig).toContainText("http-reuse always");
  await shot(page, "import-designer");
  // A reload keeps it (the hand-over survives in the tab).
  await page.reload();
  await expect(page.locator("#exp-name")).toHaveValue("imported www");
  await expect(page.getByTestId("rendered-config")).toContainText("use_backend static if is_static", { timeout: 30_000 });
  // The designer's way back to the import.
  await page.goto("/experiments/new");
  await page.getByRole("link", { name: "Import haproxy.cfg" }).click();
  await expect(page).toHaveURL(/\/experiments\/import$/);
});

test("a viewer may import (it creates nothing) but not open the result as an experiment", async ({ browser, consoleChecks }, info) => {
  const context = await browser.newContext({ baseURL: info.project.use.baseURL, storageState: { cookies: [], origins: [] } });
  consoleChecks.watch(context);
  const page = await context.newPage();
  try {
    await signIn(page, env.viewerEmail, env.viewerPassword);
    await page.goto("/experiments");
    await expect(page.getByRole("link", { name: "New experiment" })).toHaveCount(0);
    await page.getByRole("link", { name: "Import haproxy.cfg" }).click();
    await page.getByLabel("haproxy.cfg", { exact: true }).fill("frontend www\n    bind :80\n    default_backend app\n\nbackend app\n    server a 10.0.0.1:80\n");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByTestId("import-counts")).toContainText(/^\d+ lines: /, { timeout: 30_000 });
    await expect(page.getByTestId("import-summary")).toContainText("needs the editor role");
    await expect(page.getByTestId("open-in-designer")).toHaveCount(0);
  } finally {
    await context.close();
  }
});
