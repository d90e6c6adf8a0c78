import { readFileSync } from "node:fs";
import path from "node:path";
import { manifestPath, RENDERED_PAGES, type RenderedPageRoute } from "@tavolo/shared/app-paths";
import { BOOKING_FILES_ID, BOOKING_FILES_ROUTES, HYDRATION_DATA_ID, PAGE_FILES_ID } from "@tavolo/shared/rendered-page";
import { LANGUAGES, type Language } from "@tavolo/shared/languages";

/*
 * The HTML document of a server-rendered page (decisions 027, 049): the browser build's index.html,
 * filled in. The markers are index.html's own, and the route modules are this app's, so both stay
 * on this side of the seam: the API hands in the build's directory and gets a whole document back.
 */
const HEAD_BLOCK = /<!--page-head[\s\S]*?<!--\/page-head-->/;
const APP_BLOCK = /<!--app[\s\S]*?<!--\/app-->/;
/** The app's modules, preloaded by the shell (vite.config.ts); a rendered page fetches them after its first paint (decision 033). */
const APP_PRELOAD_BLOCK = /<!--app-preload-->[\s\S]*?<!--\/app-preload-->/;

/** A route's module, as the build manifest names it (app/rendered-routes.ts, app/router.tsx). */
const routeModule = (route: string) => `src/app/routes/${route}.tsx`;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  css?: string[];
  imports?: string[];
}

export interface PageDocumentParts {
  language: Language;
  route: RenderedPageRoute;
  head: string;
  /** The #root element's content. */
  html: string;
  /** The hydration data block's JSON, already safe inside a <script> element. */
  hydrationJson: string;
}

/**
 * The built index.html as a template for a rendered page: the head block gets the page's meta plus
 * the route's styles (from the build manifest), so the HTML is styled before any script runs;
 * the app block gets the page and its hydration data.
 */
export function createPageDocument(clientDir: string): (parts: PageDocumentParts) => string {
  const template = readFileSync(path.join(clientDir, "index.html"), "utf8");
  if (!HEAD_BLOCK.test(template) || !APP_BLOCK.test(template)) {
    throw new Error("index.html lacks the page-head or app placeholder (apps/web/index.html)");
  }
  const manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;

  // The app's own entry, beside index.html's first script (vite.config.ts, decision 033): its styles are every page's.
  const appEntry = Object.keys(manifest).find((key) => manifest[key]!.isEntry && !key.endsWith("index.html"));

  /** A built stylesheet's text, safe inside <style> (the CSP allows inline styles). */
  const styleText = (file: string) =>
    readFileSync(path.join(clientDir, file), "utf8").replace(/<\/style/gi, "<\\/style");

  /** The files a set of modules brings, its static imports included. */
  function closure(keys: string[]): { js: Set<string>; css: Set<string> } {
    const css = new Set<string>();
    const js = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || js.has(chunk.file)) return;
      js.add(chunk.file);
      chunk.css?.forEach((file) => css.add(file));
      chunk.imports?.forEach(visit);
    };
    keys.forEach(visit);
    return { js, css };
  }
  // The app's styles (the header, the cards…), then the route's.
  const pageFiles = (route: RenderedPageRoute) => closure([...(appEntry ? [appEntry] : []), routeModule(route)]);

  function routeAssets(page: { css: Set<string> }): string {
    // The route's own styles, inlined (a few KiB): the first paint waits for no stylesheet request.
    // Its modules are not preloaded from the head: they would compete with the page's picture (LCP)
    // on a slow link (as decision 012 found). The first script asks for them once the page is painted
    // (pageModules).
    // One <style> per file, named by data-href: the browser app tells Vite's loader they are in
    // (entry-client.tsx), or loading the route would fetch and apply each of them again (decision 031).
    const own = (file: string) => !template.includes(`/${file}"`);
    return [...page.css]
      .filter(own)
      .map((file) => `<style data-href="/${file}">${styleText(file)}</style>`)
      .join("");
  }

  // The form's route first: a file both need is named by it, as every diner may be led there. A build
  // without one of them (a test's minimal app) lists what it has, as routeAssets does.
  const bookingRoutes = Object.values(BOOKING_FILES_ROUTES).map((name) => ({
    name,
    files: closure([routeModule(name)]),
  }));

  /**
   * The booking form's and the sign-in page's files this page does not already have, as prefetch
   * links in an inert template (decision 064): nothing is fetched until the browser app, once the
   * page is its own, moves them into the head; then the browser only downloads them, at its lowest
   * priority, and neither runs a module nor applies a stylesheet before a chip is touched.
   */
  function bookingFiles(page: { js: Set<string>; css: Set<string> }): string {
    const links = new Map<string, string>();
    for (const { name, files } of bookingRoutes) {
      const add = (file: string, as: "script" | "style") => {
        if (links.has(file) || page.js.has(file) || page.css.has(file)) return;
        links.set(file, `<link rel="prefetch" as="${as}" crossorigin href="/${file}" data-route="${name}">`);
      };
      files.js.forEach((file) => add(file, "script"));
      files.css.forEach((file) => add(file, "style"));
    }
    return `<template id="${BOOKING_FILES_ID}">${[...links.values()].join("")}</template>`;
  }

  const appFiles = closure(appEntry ? [appEntry] : []).js;
  /** A language's start messages, which the app asks for as it starts (i18n/i18n.ts). */
  const startMessages = Object.fromEntries(
    LANGUAGES.map((language) => [language, closure([`src/i18n/locales/start/${language}.json`]).js]),
  ) as Record<Language, Set<string>>;

  /**
   * The modules the app asks for once it has run, before it can hydrate this page: the route's (beyond
   * the app's own) and the language's start messages. Listed as modulepreload links in an inert
   * template, which the first script puts to work as it asks for the app (boot/page-files.ts, decision
   * 067): they download beside the app, once the page is painted, so they still leave the network to
   * the page's picture first (decision 012).
   */
  function pageModules(page: { js: Set<string> }, language: Language): string {
    const files = [...page.js].filter((file) => !appFiles.has(file)).concat(...startMessages[language]);
    const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    return `<template id="${PAGE_FILES_ID}">${links.join("")}</template>`;
  }

  /** Per rendered page: its inlined styles (in the head), its own modules and its booking files (after the page). */
  const assets = Object.fromEntries(
    RENDERED_PAGES.map((route) => {
      const page = pageFiles(route);
      const modules = Object.fromEntries(LANGUAGES.map((language) => [language, pageModules(page, language)]));
      return [route, { styles: routeAssets(page), modules, bookingFiles: bookingFiles(page) }];
    }),
  ) as Record<RenderedPageRoute, { styles: string; modules: Record<Language, string>; bookingFiles: string }>;

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

  return (page) =>
    pageTemplate
      .replace(/<html lang="[^"]*"/, `<html lang="${page.language}"`)
      .replace(
        '<link rel="manifest" href="/manifest.webmanifest"',
        () => `<link rel="manifest" href="${manifestPath(page.language)}"`,
      )
      .replace(HEAD_BLOCK, () => page.head)
      // After the base stylesheet, as in the browser's own order when it loads the app and the route.
      .replace("</head>", () => `${assets[page.route].styles}</head>`)
      .replace(
        APP_BLOCK,
        () =>
          `<div id="root">${page.html}</div>` +
          `<script type="application/json" id="${HYDRATION_DATA_ID}">${page.hydrationJson}</script>` +
          assets[page.route].modules[page.language] +
          assets[page.route].bookingFiles,
      );
}
