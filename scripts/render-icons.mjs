import { readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

/**
 * Renders the app icons (PNG) from apps/web/public/logo.svg once; the PNGs are committed. Run again after
 * changing the logo: `node scripts/render-icons.mjs` (Chromium at /usr/bin/chromium).
 * Maskable icons keep the logo inside the central 80 % safe zone on the brand background.
 */
const publicDir = path.resolve(import.meta.dirname, "../apps/web/public");
const logo = readFileSync(path.join(publicDir, "logo.svg"), "utf8");
const BACKGROUND = "#FFF8F0";

const icons = [
  { file: "icons/icon-192.png", size: 192, logoScale: 1, background: "transparent" },
  { file: "icons/icon-512.png", size: 512, logoScale: 1, background: "transparent" },
  { file: "icons/maskable-512.png", size: 512, logoScale: 0.7, background: BACKGROUND },
  { file: "icons/apple-touch-icon.png", size: 180, logoScale: 0.8, background: BACKGROUND },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const inner = Math.round(icon.size * icon.logoScale);
    await page.setContent(
      `<body style="margin:0;display:grid;place-items:center;width:${icon.size}px;height:${icon.size}px;background:${icon.background}">` +
        logo.replace(/width="64" height="64"/, `width="${inner}" height="${inner}"`) +
        `</body>`,
    );
    await page.screenshot({ path: path.join(publicDir, icon.file), omitBackground: icon.background === "transparent" });
    await page.close();
  }
} finally {
  await browser.close();
}
