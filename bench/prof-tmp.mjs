// Temporary: JS CPU profile of a page load under 4x CPU throttle, aggregated by self time.
import { chromium } from "@playwright/test";
const base = process.env.BASE ?? "http://127.0.0.1:4299";
const target = process.argv[2];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "it-IT", serviceWorkers: "block" });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
// warm the server cache
await page.goto(base + target); await page.goto("about:blank");
await cdp.send("Profiler.start");
const t0 = Date.now();
await page.goto(base + target, { waitUntil: "load" });
await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 60000 });
await page.waitForTimeout(3000);
const { profile } = await cdp.send("Profiler.stop");
console.log("elapsed", Date.now() - t0);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas; let total = 0;
profile.samples.forEach((id, i) => { const n = byId.get(id); const f = n.callFrame; const key = `${f.functionName || "(anon)"} ${f.url.split("/").pop()}:${f.lineNumber}:${f.columnNumber}`; self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0)); total += dt[i] ?? 0; });
const byFile = new Map();
for (const [k, v] of self) { const file = k.split(" ")[1]?.split(":")[0] ?? ""; byFile.set(file, (byFile.get(file) ?? 0) + v); }
console.log("total ms", (total / 1000).toFixed(0));
console.log([...byFile].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v]) => `${(v / 1000).toFixed(1)}ms ${k}`).join("\n"));
console.log("--");
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${(v / 1000).toFixed(1)}ms ${k}`).join("\n"));
(await import("node:fs")).writeFileSync("/tmp/prof/last.cpuprofile", JSON.stringify(profile));
await browser.close();
