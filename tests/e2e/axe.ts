// The accessibility check of browser tests: axe-core, injected from node_modules (no download),
// run against the WCAG 2 A and AA rules. A violation fails with the rule, the elements and what
// axe measured, so the message says what to fix.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
let axeSource: string | undefined;
/** WCAG 2 level A and AA (the 2.0 success criteria). */
export const WCAG_TAGS = ["wcag2a", "wcag2aa"];

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * Runs axe on the page once its transitions have ended (a dialog or toast fading in has colours
 * a person never reads, and axe would measure those) and answers its WCAG A/AA violations.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
  );
  // Evaluated by the test driver, not added as a <script>: the page policy refuses inline scripts
  // without the response's nonce, and the app must be tested under its real policy.
  axeSource ??= `${readFileSync(AXE_SOURCE, "utf8")}\n;undefined`;
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  }, WCAG_TAGS);
}

/** Fails with a readable list when axe finds any WCAG A/AA violation on the page. */
export async function expectNoAxeViolations(page: Page, label: string) {
  const violations = await axeViolations(page);
  if (violations.length === 0) return;
  const lines = violations.flatMap((violation) => [
    `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.length} element(s)`,
    ...violation.nodes.slice(0, 8).map((node) => `    ${node.target.join(" ")}: ${(node.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 220)}`),
  ]);
  throw new Error(`${label}: ${violations.length} axe rule(s) failed\n${lines.join("\n")}`);
}
