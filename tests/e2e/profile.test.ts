// The profile page as a person uses it: reached from the account menu, renaming yourself and
// seeing the new name in the menu, uploading an avatar, creating an API token (shown once, copied)
// that the API accepts until it is revoked, changing the password (another browser signed in as
// you is sent to sign-in, this one stays), and a wrong current password that changes nothing.
import { deflateSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  ApiUser,
  PASSWORD,
  type TestPage,
  baseUrl,
  launchBrowser,
  login,
  newPage,
  pathOf,
  screenshot,
  screenshotsInThemes,
  to,
  uniqueSlug,
  visible,
  waitForPath,
} from "./fixtures";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A new account with a workspace, signed in in a fresh browser context. */
async function signedIn(options: { width?: number } = {}) {
  const user = await ApiUser.signUp();
  const slug = uniqueSlug("prof");
  await user.post("/api/workspaces/", { name: "Profile Works", slug });
  const tab = await newPage(browser, { width: options.width ?? 1440, height: 900 });
  await login(tab.page, { email: user.email, password: PASSWORD }, { next: to.workspace(slug) });
  return { user, slug, tab };
}

/** A valid one-colour PNG of `size` pixels, so the browser really draws it. */
function png(rgb: [number, number, number], size = 8) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function openProfileFromMenu(tab: TestPage) {
  const { page } = tab;
  await page.getByRole("button", { name: /^Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Profile settings" }).click();
  await waitForPath(page, /^\/profile/);
  await visible(page.getByRole("heading", { name: "Profile settings" }));
}

const meWith = (token: string) => fetch(`${baseUrl()}/api/users/me/`, { headers: { "X-Api-Key": token } });

describe("profile", () => {
  test("a new name shows in the account menu, and the page leads back to the workspace", async () => {
    const { tab, slug } = await signedIn();
    const { page } = tab;
    await openProfileFromMenu(tab);
    await page.getByLabel("First name").fill("Katherine");
    await page.getByLabel("Last name").fill("Johnson");
    await page.getByRole("button", { name: "Save changes" }).click();
    await visible(page.getByText("Profile updated successfully."));
    // The address is shown in its own section, where changing it goes through a mail.
    await visible(page.getByRole("region", { name: "Email address" }).getByText(/@example\.test$/));

    await page.getByRole("link", { name: "Back to Profile Works" }).click();
    await waitForPath(page, to.workspace(slug));
    const trigger = page.getByRole("button", { name: "Account menu: Katherine Johnson" });
    await visible(trigger);
    await trigger.click();
    await visible(page.getByRole("menu").getByText("Katherine Johnson"));
  });

  test("a too long name is refused in the form with its message", async () => {
    const { tab } = await signedIn();
    const { page } = tab;
    await tab.goto("/profile");
    await page.getByLabel("First name").fill("f".repeat(256));
    await page.getByRole("button", { name: "Save changes" }).click();
    await visible(page.getByText("First name should be less than 255 characters"));
  });

  test("an uploaded avatar shows on the page and in the account menu; a new one replaces it", async () => {
    const { tab, slug } = await signedIn();
    const { page } = tab;
    await tab.goto("/profile");
    await page.getByLabel("Upload avatar").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png([220, 40, 40]) });
    await visible(page.getByText("Avatar updated successfully."));
    const avatar = page.getByRole("img", { name: "Your avatar" });
    await visible(avatar);
    const first = await avatar.getAttribute("src");
    expect(first).toMatch(/^\/api\/users\/file-assets\/[0-9a-f-]{36}\/$/);
    await page.waitForFunction(() => (document.querySelector('img[alt="Your avatar"]') as HTMLImageElement | null)?.naturalWidth === 8);

    await page.getByLabel("Upload avatar").setInputFiles({ name: "me2.png", mimeType: "image/png", buffer: png([40, 40, 220]) });
    await page.waitForFunction((old) => document.querySelector('img[alt="Your avatar"]')?.getAttribute("src") !== old, first);
    const second = await avatar.getAttribute("src");
    // The previous upload is gone.
    expect((await page.request.get(first ?? "")).status()).toBe(404);

    // Not an image: refused before anything is sent.
    await page.getByLabel("Upload avatar").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await visible(page.getByText("Only PNG, JPEG, GIF and WebP images can be uploaded."));

    await tab.goto(to.workspace(slug));
    const menuAvatar = page.getByRole("button", { name: /^Account menu/ }).locator("img");
    await visible(menuAvatar);
    expect(await menuAvatar.getAttribute("src")).toBe(second);
  });

  test("an API token is shown once, works with the API, and stops working when revoked", async () => {
    const { tab } = await signedIn();
    const { page, context } = tab;
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
    await tab.goto("/profile#api-tokens");

    await page.getByRole("button", { name: "Create token" }).click();
    await visible(page.getByText("Label is required"));

    await page.getByLabel("Token label").fill("Deploy script");
    await page.getByRole("button", { name: "Create token" }).click();
    const field = page.getByLabel("New API token");
    await visible(field);
    const token = await field.inputValue();
    expect(token).toMatch(/^et_/);
    await page.getByRole("button", { name: "Copy" }).click();
    await visible(page.getByText("Copied to clipboard"));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await screenshot(page, "profile-token-created-1440");

    const list = page.getByRole("list", { name: "API tokens" });
    await visible(list.getByText("Deploy script"));
    await visible(list.getByText("Never used"));
    expect((await meWith(token)).status).toBe(200);

    await page.getByRole("button", { name: "Done" }).click();
    await field.waitFor({ state: "detached" });
    // A new document (the same URL with only its hash changed would not be reloaded).
    await tab.goto("/profile");
    // Shown once: after a reload the token is nowhere on the page.
    expect(await page.getByLabel("New API token").count()).toBe(0);
    expect(await page.content()).not.toContain(token);
    await visible(list.getByText(/Last used/));

    await page.getByRole("button", { name: "Revoke Deploy script" }).click();
    const dialog = page.getByRole("alertdialog");
    await visible(dialog.getByText("Revoke API token?"));
    await dialog.getByRole("button", { name: "Revoke" }).click();
    await visible(page.getByText("API token revoked."));
    await list.waitFor({ state: "detached" });
    expect((await meWith(token)).status).toBe(401);
  });

  test("changing the password ends the other signed-in browser's session, not this one", async () => {
    const { tab, slug, user } = await signedIn();
    const other = await newPage(browser, { width: 1440, height: 900 });
    await login(other.page, { email: user.email, password: PASSWORD }, { next: to.workspace(slug) });

    const { page } = tab;
    await tab.goto("/profile");
    const card = page.getByRole("region", { name: "Change password" });
    // The sign-up rule and the confirmation are checked in the form first.
    await card.getByLabel("Current password").fill(PASSWORD);
    await card.getByLabel("New password", { exact: true }).fill("short");
    await card.getByLabel("Confirm new password").fill("short");
    await card.getByRole("button", { name: "Change password" }).click();
    await visible(card.getByText("Password must be at least 8 characters long."));
    await card.getByLabel("New password", { exact: true }).fill("a much better secret");
    await card.getByLabel("Confirm new password").fill("a much better secreT");
    await card.getByRole("button", { name: "Change password" }).click();
    await visible(card.getByText("Passwords don't match"));

    await card.getByLabel("Confirm new password").fill("a much better secret");
    await card.getByRole("button", { name: "Change password" }).click();
    await visible(page.getByText("Password changed. Your other sessions were signed out."));
    await page.waitForFunction(() => (document.querySelector('#change-password input[name="current_password"]') as HTMLInputElement).value === "");

    await other.goto(to.workspace(slug));
    expect(pathOf(other.page)).toBe(to.signIn(to.workspace(slug)));
    await login(other.page, { email: user.email, password: "a much better secret" }, { navigate: false });
    expect(pathOf(other.page)).toBe(to.workspace(slug));

    await tab.goto(to.workspace(slug));
    expect(pathOf(page)).toBe(to.workspace(slug));
  });

  test("a wrong current password shows the message and changes nothing", async () => {
    const { tab, slug, user } = await signedIn();
    const other = await newPage(browser, { width: 1440, height: 900 });
    await login(other.page, { email: user.email, password: PASSWORD }, { next: to.workspace(slug) });
    const { page } = tab;
    await tab.goto("/profile");
    const card = page.getByRole("region", { name: "Change password" });
    await card.getByLabel("Current password").fill("not my password");
    await card.getByLabel("New password", { exact: true }).fill("a much better secret");
    await card.getByLabel("Confirm new password").fill("a much better secret");
    await card.getByRole("button", { name: "Change password" }).click();
    await visible(card.getByText("The current password you entered is incorrect."));

    await other.goto(to.workspace(slug));
    expect(pathOf(other.page)).toBe(to.workspace(slug));
    const signIn = await fetch(`${baseUrl()}/api/auth/sign-in/`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl() },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
  });

  test("a read-only token expiring in 30 days is listed with its scope and expiry, and cannot write", async () => {
    const { tab } = await signedIn();
    const { page } = tab;
    await tab.goto("/profile#api-tokens");
    await page.getByLabel("Token label").fill("Dashboard reader");
    await page.getByLabel("Access").selectOption({ label: "Read only" });
    await page.getByLabel("Expiration").selectOption({ label: "30 days" });
    const expiresOn = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" }).format(
      new Date(Date.now() + 30 * 86_400_000),
    );
    await visible(page.getByText(`Expires on ${expiresOn}.`));
    await page.getByRole("button", { name: "Create token" }).click();
    const token = await page.getByLabel("New API token").inputValue();
    expect(token).toMatch(/^et_/);
    const row = page.getByRole("list", { name: "API tokens" }).getByRole("listitem").filter({ hasText: "Dashboard reader" });
    await visible(row.getByText("Read only"));
    await visible(row.getByText(`Expires ${expiresOn}`));
    await visible(row.getByText("Never used"));
    expect((await meWith(token)).status).toBe(200);
    const write = await fetch(`${baseUrl()}/api/users/api-tokens/`, {
      method: "POST",
      headers: { "X-Api-Key": token, "content-type": "application/json" },
      body: JSON.stringify({ label: "escalated" }),
    });
    expect(write.status).toBe(403);
    await page.getByRole("button", { name: "Done" }).click();
    await page.getByLabel("Expiration").selectOption({ label: "Custom date" });
    await visible(page.getByLabel("Expires on"));
    await screenshotsInThemes(page, "profile-api-tokens");
  });

  test("screenshots at 1440 and 700 px", async () => {
    for (const width of [1440, 700]) {
      const { tab, user, slug } = await signedIn({ width });
      await user.post("/api/users/api-tokens/", { label: "CI pipeline" });
      await user.post("/api/users/api-tokens/", { label: "Local scripts" });
      await tab.goto("/profile");
      await visible(tab.page.getByRole("list", { name: "API tokens" }).getByText("CI pipeline"));
      await screenshot(tab.page, `profile-${width}`);
      await tab.goto(to.workspace(slug));
      // Below 768 px the sidebar is off-canvas until opened.
      if (width < 768) await tab.page.getByRole("button", { name: "Open sidebar" }).click();
      await tab.page.getByRole("button", { name: /^Account menu/ }).click();
      await visible(tab.page.getByRole("menuitem", { name: "Profile settings" }));
      await screenshot(tab.page, `profile-account-menu-${width}`);
    }
  });
});
