import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { builtWebApp, removeBuiltWebApp } from "../../test/web-build";
import { BOOKING_FILES_ID, PAGE_FILES_ID } from "@tavolo/shared/rendered-page";
import type { RenderRequest, ServerEntry } from "@tavolo/shared/server-render";

/**
 * The built server entry (decision 030): the very `vite build --ssr` of `npm run build`, into a
 * directory outside the repository, where no node_modules can be found. It must load and render
 * from there, and carry React's production build whatever NODE_ENV the API process has (this test
 * process has none, or "test": a render must not depend on it).
 */
let outDir = "";

/** `npm run build`'s server entry, built into a temp directory (test/web-build.ts). */
async function buildServerEntry(): Promise<string> {
  outDir = `${await builtWebApp()}-ssr`;
  return path.join(outDir, "entry-server.js");
}

const loadEntry = async () => (await import(pathToFileURL(await buildServerEntry()).href)) as ServerEntry;

/** A render with the API away: every answer a 503, so the pages show what they show without data. */
const offline = (url: string, language: RenderRequest["language"]): RenderRequest => ({
  url,
  origin: "https://tavolo.example",
  language,
  now: Date.UTC(2026, 10, 25, 12),
  fetch: async () =>
    new Response(JSON.stringify({ error: "unavailable" }), {
      status: 503,
      headers: { "content-type": "application/json" },
    }),
  signedIn: false,
  head: (page) => `<title>${page.kind}</title>`,
});

const builtText = () =>
  [
    readFileSync(path.join(outDir, "entry-server.js"), "utf8"),
    ...readdirSync(path.join(outDir, "assets"))
      .filter((file) => file.endsWith(".js"))
      .map((file) => readFileSync(path.join(outDir, "assets", file), "utf8")),
  ].join("\n");

afterAll(removeBuiltWebApp);

describe("the built web app and its server entry", () => {
  it("is self-contained, renders outside the repository, with React's production build", async () => {
    const entry = await loadEntry();
    const text = builtText();

    // Only Node's own modules are imported: React, the router and i18next are in the bundle.
    const imported = [
      ...text.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm),
      ...text.matchAll(/\b(?:__require|import)\("([^"]+)"\)/g),
    ].map((m) => m[1]!);
    const bare = imported.filter((name) => !name.startsWith("."));
    expect(bare.filter((name) => !/^(node:)?(async_hooks|crypto|stream|util|module|fs|path)$/.test(name))).toEqual([]);
    // Decided at build time: no NODE_ENV is read at run time, and nothing of React's development
    // build (its owner stacks and key warnings) is in the bundle.
    expect(text).not.toContain("process.env.NODE_ENV");
    expect(text).not.toContain("createTask");
    expect(text).not.toContain("Each child in a list should have a unique");

    const page = await entry.createPageRenderer(await builtWebApp())(offline("/?lang=en", "en"));
    expect(page.status).toBe(200);
    expect(page.page.kind).toBe("home");
    expect(page.html).toMatch(/<h1[^>]*>/);
    expect(page.html).toContain("<title>home</title>");
  });

  it("paints a rendered page before the app is fetched: the shell preloads the app, a rendered page does not (decision 033)", async () => {
    const dist = await builtWebApp();
    const manifest = JSON.parse(readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8")) as Record<
      string,
      { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
    >;
    const app = manifest["src/client-app.tsx"]!;
    expect(app.isEntry).toBe(true);
    const start = manifest[app.imports!.find((key) => key.startsWith("_start-"))!]!;
    const shell = readFileSync(path.join(dist, "index.html"), "utf8");
    // The shell (every client-rendered route, the native app) asks for the app with its first script.
    for (const file of [app.file, start.file])
      expect(shell).toContain(`rel="modulepreload" crossorigin href="/${file}"`);

    const page = (await (await loadEntry()).createPageRenderer(dist)(offline("/search?location=milano", "en"))).html;
    expect(page).toContain('<html lang="en"');
    expect(page).toContain("<title>search</title>");
    // The first script only: it fetches the app once the page is painted.
    expect(page.match(/<script type="module"[^>]*>/g)).toHaveLength(1);
    expect(page).not.toContain(app.file);
    expect(page).not.toContain(start.file);
    // Every stylesheet inlined, none linked: the base one, the app's, then the route's.
    expect(page).not.toMatch(/<link rel="stylesheet"/);
    const inlined = [...page.matchAll(/<style data-href="\/([^"]+)">/g)].map((m) => m[1]);
    const base = /<link rel="stylesheet" crossorigin href="\/([^"]+)">/.exec(shell)![1];
    expect(inlined[0]).toBe(base);
    expect(inlined[1]).toBe(start.css![0]);
    for (const file of manifest["src/app/routes/search.tsx"]!.css ?? []) expect(inlined).toContain(file);

    // The route's own modules and the language's start messages, as inert modulepreload links the
    // first script puts to work as it asks for the app (decision 067): none of the app's own.
    const pageModules = new RegExp(`<template id="${PAGE_FILES_ID}">(.*?)</template>`).exec(page)?.[1] ?? "";
    const preloaded = [...pageModules.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(preloaded).toEqual(
      expect.arrayContaining([
        manifest["src/app/routes/search.tsx"]!.file,
        manifest["src/i18n/locales/start/en.json"]!.file,
      ]),
    );
    expect(preloaded).not.toContain(manifest["src/i18n/locales/start/it.json"]!.file);
    for (const file of [app.file, start.file]) expect(preloaded).not.toContain(file);

    // The booking form's and the sign-in page's files, as inert prefetch links for the browser app to
    // put to work (decision 064): the form's own module and stylesheet among them, none of the page's.
    const template = new RegExp(`<template id="${BOOKING_FILES_ID}">(.*?)</template>`).exec(page)?.[1] ?? "";
    const prefetched = [
      ...template.matchAll(
        /<link rel="prefetch" as="(script|style)" crossorigin href="\/([^"]+)" data-route="(reservation|login)">/g,
      ),
    ];
    const form = manifest["src/app/routes/reservation.tsx"]!;
    expect(prefetched.map((m) => m[2])).toEqual(expect.arrayContaining([form.file, ...(form.css ?? [])]));
    expect(prefetched.find((m) => m[2] === manifest["src/app/routes/login.tsx"]!.file)?.[3]).toBe("login");
    for (const file of [app.file, start.file, manifest["src/app/routes/search.tsx"]!.file, ...inlined])
      expect(prefetched.map((m) => m[2])).not.toContain(file);
  });
});
