import { readFileSync } from "node:fs";
import path from "node:path";
import { manifestPath } from "@tavolo/shared/app-paths";
import type { Language } from "@tavolo/shared/languages";
import { HYDRATION_DATA_ID } from "@tavolo/shared/rendered-page";

const HEAD_BLOCK = /<!--page-head[\s\S]*?<!--\/page-head-->/;
const APP_BLOCK = /<!--app[\s\S]*?<!--\/app-->/;
/** The app's modules, preloaded by the shell; a rendered page fetches them after its first paint (decision 033). */
const APP_PRELOAD_BLOCK = /<!--app-preload-->[\s\S]*?<!--\/app-preload-->/;

/** The server-rendered pages and the module each one's route loads (apps/web/src/app/router.tsx). */
export const PAGE_ROUTE_MODULES = {
  home: "src/app/routes/home.tsx",
  search: "src/app/routes/search.tsx",
  restaurant: "src/app/routes/restaurant.tsx",
  offer: "src/app/routes/offer.tsx",
} as const;
export type PageRoute = keyof typeof PAGE_ROUTE_MODULES;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  css?: string[];
  imports?: string[];
}

/**
 * The built index.html as a template for a rendered page: the head block gets the page's meta plus
 * the route's styles (from the build manifest), so the HTML is styled before any script runs;
 * the app block gets the page and its hydration data.
 */
export function createPageTemplate(distDir: string) {
  const template = readFileSync(path.join(distDir, "index.html"), "utf8");
  if (!HEAD_BLOCK.test(template) || !APP_BLOCK.test(template)) {
    throw new Error("index.html lacks the page-head or app placeholder (apps/web/index.html)");
  }
  const manifest = JSON.parse(readFileSync(path.join(distDir, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;

  // The app's own entry, beside index.html's first script (apps/web/vite.config.ts, decision 033):
  // its styles are every page's.
  const appEntry = Object.keys(manifest).find((key) => manifest[key]!.isEntry && !key.endsWith("index.html"));

  /** A built stylesheet's text, safe inside <style> (the CSP allows inline styles). */
  const styleText = (file: string) => readFileSync(path.join(distDir, file), "utf8").replace(/<\/style/gi, "<\\/style");

  function routeAssets(route: PageRoute): string {
    const css = new Set<string>();
    const js = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || js.has(chunk.file)) return;
      js.add(chunk.file);
      chunk.css?.forEach((file) => css.add(file));
      chunk.imports?.forEach(visit);
    };
    // The app's styles (the header, the cards…), then the route's.
    if (appEntry) visit(appEntry);
    visit(PAGE_ROUTE_MODULES[route]);
    // The route's own styles, inlined (a few KiB): the first paint waits for no stylesheet request.
    // Its modules are not preloaded: they would compete with the page's picture (LCP) on a slow
    // link, and the page is already painted while the start chunk finds them (as decision 012 found).
    // One <style> per file, named by data-href: the browser app tells Vite's loader they are in
    // (entry-client.tsx), or loading the route would fetch and apply each of them again (decision 031).
    const own = (file: string) => !template.includes(`/${file}"`);
    return [...css]
      .filter(own)
      .map((file) => `<style data-href="/${file}">${styleText(file)}</style>`)
      .join("");
  }
  const assets = Object.fromEntries(
    Object.keys(PAGE_ROUTE_MODULES).map((route) => [route, routeAssets(route as PageRoute)]),
  ) as Record<PageRoute, string>;

  // The base stylesheet index.html links too: linked, it is the one request the first paint of a
  // rendered page would still wait for; inlined, the HTML alone paints the page. Named like the others.
  // The app's preloads go: a rendered page fetches the app once painted (entry-client.tsx, decision 033).
  const startStylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/.exec(template);
  const withoutAppPreload = template.replace(APP_PRELOAD_BLOCK, "");
  const pageTemplate = startStylesheet
    ? withoutAppPreload.replace(
        startStylesheet[0],
        () => `<style data-href="/${startStylesheet[1]}">${styleText(startStylesheet[1]!)}</style>`,
      )
    : withoutAppPreload;

  return (page: { language: Language; route: PageRoute; head: string; html: string; hydrationJson: string }) =>
    pageTemplate
      .replace(/<html lang="[^"]*"/, `<html lang="${page.language}"`)
      .replace(
        '<link rel="manifest" href="/manifest.webmanifest"',
        () => `<link rel="manifest" href="${manifestPath(page.language)}"`,
      )
      .replace(HEAD_BLOCK, () => page.head)
      // After the base stylesheet, as in the browser's own order when it loads the app and the route.
      .replace("</head>", () => `${assets[page.route]}</head>`)
      .replace(
        APP_BLOCK,
        () =>
          `<div id="root">${page.html}</div>` +
          `<script type="application/json" id="${HYDRATION_DATA_ID}">${page.hydrationJson}</script>`,
      );
}
