import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** HTML_CodeSniffer, the engine pa11y runs: it catches contrast on text axe skips (decision 040). */
const htmlcsSource = readFileSync(
  createRequire(import.meta.url).resolve("@pa11y/html_codesniffer/build/HTMLCS.js"),
  "utf8",
);

interface SnifferError {
  code: string;
  selector: string;
  message: string;
}

/** The WCAG 2 AA errors (not warnings or notices, as pa11y's default) HTML_CodeSniffer finds. */
async function codeSnifferErrors(page: Page): Promise<SnifferError[]> {
  // evaluate() runs through the debugger protocol, so the page's CSP (script-src 'self') does not block it.
  await page.evaluate(`${htmlcsSource};window.HTMLCS = HTMLCS;`);
  return page.evaluate(
    () =>
      new Promise<SnifferError[]>((resolve) => {
        type Message = { type: number; code: string; msg: string; element: Element };
        const sniffer = (
          window as unknown as {
            HTMLCS: { process(standard: string, root: Document, done: () => void): void; getMessages(): Message[] };
          }
        ).HTMLCS;
        const describe = (element: Element): string => {
          const id = element.id ? `#${element.id}` : "";
          const classes =
            typeof element.className === "string" && element.className
              ? `.${element.className.trim().split(/\s+/).join(".")}`
              : "";
          return `${element.tagName.toLowerCase()}${id}${classes}`;
        };
        sniffer.process("WCAG2AA", document, () => {
          resolve(
            sniffer
              .getMessages()
              .filter((message) => message.type === 1)
              .map((message) => ({ code: message.code, selector: describe(message.element), message: message.msg })),
          );
        });
      }),
  );
}

/**
 * Fails with the rule ids and offending selectors when axe finds a serious or critical issue, or
 * HTML_CodeSniffer (pa11y) finds a WCAG 2 AA error such as text below 4.5:1.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // In the page itself, reporting only the failing nodes (decision 078): the default opens a blank
  // page for every check to merge frames' results (Tavolo's pages have no frames), and serialises
  // every passing node. The same rules find the same violations, 2–4 times sooner.
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(serious).toEqual([]);
  const sniffed = await codeSnifferErrors(page);
  expect(sniffed.map((error) => `${error.code}: ${error.selector} (${error.message})`)).toEqual([]);
}
