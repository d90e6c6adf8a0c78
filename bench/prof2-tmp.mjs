import { chromium } from "@playwright/test";
const [target, ...bases] = process.argv.slice(2);
const runs = 4;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const agg = bases.map(() => new Map());
const totals = bases.map(() => ({ busy: 0 }));
for (let r = 0; r < runs; r++) {
  for (const [b, base] of bases.entries()) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "it-IT", serviceWorkers: "block" });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await cdp.send("Profiler.start");
    await page.goto(base + target, { waitUntil: "load" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 60000 });
    await page.waitForTimeout(2500);
    const { profile } = await cdp.send("Profiler.stop");
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const f = byId.get(id).callFrame;
      const file = f.url.split("/").pop().replace(/-[\w-]{8}\.js$/, "");
      const key = `${f.functionName || "(anon)"} [${file}]`;
      const dt = profile.timeDeltas[i] ?? 0;
      agg[b].set(key, (agg[b].get(key) ?? 0) + dt / runs);
      if (key !== "(idle) []") totals[b].busy += dt / runs;
    });
    await context.close();
  }
}
console.log("busy ms", totals.map((t) => (t.busy / 1000).toFixed(0)).join(" vs "));
const keys = new Set([...agg[0].keys(), ...agg[1].keys()]);
const rows = [...keys].map((k) => [k, (agg[0].get(k) ?? 0) / 1000, (agg[1].get(k) ?? 0) / 1000]);
rows.sort((a, b) => Math.abs(b[1] - b[2]) - Math.abs(a[1] - a[2]));
for (const [k, x, y] of rows.slice(0, 35)) console.log(`${x.toFixed(1).padStart(7)} ${y.toFixed(1).padStart(7)}  ${k}`);
await browser.close();
