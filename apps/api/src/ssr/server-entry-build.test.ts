import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { builtWebApp, removeBuiltWebApp } from "../../test/web-build";
import type { ServerEntry } from "./page-renderer";

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

const builtText = () =>
  [
    readFileSync(path.join(outDir, "entry-server.js"), "utf8"),
    ...readdirSync(path.join(outDir, "assets"))
      .filter((file) => file.endsWith(".js"))
      .map((file) => readFileSync(path.join(outDir, "assets", file), "utf8")),
  ].join("\n");

afterAll(removeBuiltWebApp);

describe("the built server entry", () => {
  it("is self-contained, renders outside the repository, with React's production build", async () => {
    const entryFile = await buildServerEntry();
    const text = builtText();

    // Only Node's own modules are imported: React, the router and i18next are in the bundle.
    const imported = [
      ...text.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm),
      ...text.matchAll(/\b(?:__require|import)\("([^"]+)"\)/g),
    ].map((m) => m[1]!);
    const bare = imported.filter((name) => !name.startsWith("."));
    expect(bare.filter((name) => !/^(node:)?(async_hooks|crypto|stream|util|module)$/.test(name))).toEqual([]);
    // Decided at build time: no NODE_ENV is read at run time, and nothing of React's development
    // build (its owner stacks and key warnings) is in the bundle.
    expect(text).not.toContain("process.env.NODE_ENV");
    expect(text).not.toContain("createTask");
    expect(text).not.toContain("Each child in a list should have a unique");

    const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
    const unavailable: typeof fetch = async () =>
      new Response(JSON.stringify({ error: "unavailable" }), {
        status: 503,
        headers: { "content-type": "application/json" },
      });
    const page = await entry.render({
      url: "/?lang=en",
      origin: "https://tavolo.example",
      language: "en",
      now: Date.UTC(2026, 10, 25, 12),
      fetch: unavailable,
    });
    expect(page.status).toBe(200);
    expect(page.page.kind).toBe("home");
    expect(page.html).toMatch(/<h1[^>]*>/);
  });
});
