import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../e2e/support/chromium";
const url = process.argv[2]!;
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
});
const result = await lighthouse(url, {
  port: chrome.port,
  output: "json",
  logLevel: "error",
  onlyCategories: ["performance"],
});
chrome.kill();
const a = result!.lhr.audits;
console.log(
  "perf",
  result!.lhr.categories.performance!.score,
  "FCP",
  a["first-contentful-paint"]!.displayValue,
  "LCP",
  a["largest-contentful-paint"]!.displayValue,
  "TBT",
  a["total-blocking-time"]!.displayValue,
);
for (const id of [
  "long-tasks",
  "bootup-time",
  "mainthread-work-breakdown",
  "largest-contentful-paint-element",
  "render-blocking-resources",
]) {
  const d = a[id]?.details as { items?: unknown[] } | undefined;
  console.log("==", id, JSON.stringify(d?.items?.slice(0, 8)).slice(0, 1500));
}
