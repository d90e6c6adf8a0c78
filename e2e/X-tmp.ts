import { chromium } from "@playwright/test";

const base = "http://127.0.0.1:4301";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const search = await (await fetch(`${base}/api/client/searchRestaurantsByLocation?location=milano`)).json();
const id = search.restaurants[0].id;
for (const lang of ["it", "en"]) {
  for (const [w, h] of [[390, 844], [1280, 800]]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: lang === "it" ? "it-IT" : "en-GB" });
    await ctx.addCookies([{ name: "i18nextLng", value: lang, url: base }]);
    const page = await ctx.newPage();
    for (const [name, path] of [["home", "/"], ["search", "/search?location=milano"], ["restaurant", `/restaurants/${id}`]]) {
      await page.goto(base + path, { waitUntil: "networkidle" });
      await page.screenshot({ path: `/tmp/shots/${name}-${lang}-${w}.png` });
    }
    await ctx.close();
  }
}
await browser.close();
