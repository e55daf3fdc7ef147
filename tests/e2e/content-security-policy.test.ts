// The page policy in a real browser: the app's own scripts run (the page hydrates), while a script
// injected into the page without the response's nonce is refused and the refusal is reported,
// which is how every other browser test notices a violation (fixtures.ts fails the test on one).
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchBrowser, newPage, to } from "./fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("content security policy", () => {
  test("refuses and reports an injected inline script, runs one with the page's nonce", async () => {
    const tab = await newPage(browser);
    const { page } = tab;
    // Chromium also logs each refusal to the console, which fails a test too; expected here.
    tab.allowErrorsInThisTest(/violates the following Content Security Policy directive/);
    // goto waits for hydration: Remix's and React's inline scripts carried the nonce and ran.
    await tab.goto(to.signUp());
    expect(tab.violations).toEqual([]);

    const ran = await page.evaluate(() => {
      const flags = window as unknown as Record<string, boolean>;
      const inject = (code: string, nonce?: string) => {
        const script = document.createElement("script");
        if (nonce !== undefined) script.nonce = nonce;
        script.textContent = code;
        document.body.appendChild(script);
      };
      // What markup injected into the page would try: a script of its own, and one with a guess.
      inject("window.__withoutNonce = true");
      inject("window.__wrongNonce = true", "bm90IHRoZSBub25jZQ==");
      // The page's own nonce (scripts can read it from a script element; markup cannot). A script
      // that carries it runs, but even it may not turn a string into code.
      const pageNonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
      // (A task of its own: while the test driver evaluates code, the browser allows eval.)
      inject(
        "window.__withPageNonce = true; setTimeout(() => { try { window.__evalRan = new Function('return true')() } catch { window.__evalRan = false } })",
        pageNonce,
      );
      return { withoutNonce: !!flags.__withoutNonce, wrongNonce: !!flags.__wrongNonce, withPageNonce: !!flags.__withPageNonce };
    });
    expect(ran).toEqual({ withoutNonce: false, wrongNonce: false, withPageNonce: true });
    await page.waitForFunction(() => "__evalRan" in window);
    expect(await page.evaluate(() => (window as unknown as Record<string, boolean>).__evalRan)).toBe(false);

    // Reported: the two scripts and the eval, each as the browser names the directive.
    await expect.poll(() => tab.violations.length).toBe(3);
    expect(tab.violations.filter((text) => text.startsWith("script-src-elem refused inline"))).toHaveLength(2);
    expect(tab.violations.filter((text) => text.startsWith("script-src refused eval"))).toHaveLength(1);
    // Checked here: the fixtures fail any other test that sees one.
    tab.violations.splice(0);
  });
});
