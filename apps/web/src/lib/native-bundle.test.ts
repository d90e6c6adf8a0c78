import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Builds the production web app once (a few seconds) and checks what a browser loads: no
 * Capacitor, no plugin, and the native bridge only behind a dynamic import. Strings that survive
 * minification mark each: the plugins' registered names and the events the app listens to.
 */
const PLUGIN_MARKERS = ["NativeBiometric", "SocialLogin", "appUrlOpen", "CapacitorHttp", "registerPlugin"];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const webRoot = resolve(import.meta.dirname, "../..");
let outDir: string;
let manifest: Record<string, ManifestChunk>;

const code = (chunk: ManifestChunk) => readFileSync(join(outDir, chunk.file), "utf8");

/** Chunks reachable from `start` by static imports (and dynamic ones too if asked), except `skip`. */
function reachable(start: string, { dynamic = false, skip }: { dynamic?: boolean; skip?: string } = {}): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || key === skip) return;
    seen.add(key);
    const chunk = manifest[key];
    for (const next of [...(chunk?.imports ?? []), ...(dynamic ? (chunk?.dynamicImports ?? []) : [])]) visit(next);
  };
  visit(start);
  return [...seen];
}

/** What a first visit runs: index.html's script and the app it imports (decision 033), with their static imports. */
const startClosure = () => {
  const entries = Object.keys(manifest).filter((name) => manifest[name]!.isEntry);
  if (!entries.some((name) => name.endsWith("index.html"))) throw new Error("no index.html entry in the manifest");
  return [...new Set(entries.flatMap((entry) => reachable(entry)))];
};

/** Every chunk of the web app, at start or lazily, not reached through `skip`. */
const everything = (skip: string) => {
  const entries = Object.keys(manifest).filter((name) => manifest[name]!.isEntry);
  return [...new Set(entries.flatMap((entry) => reachable(entry, { dynamic: true, skip })))];
};

/** `npm test`'s one build of the app for every suite (decision 047); it removes it itself. */
const prebuilt = process.env.TAVOLO_TEST_WEB_DIST;

beforeAll(() => {
  if (prebuilt) {
    outDir = prebuilt;
    manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;
    return;
  }
  outDir = mkdtempSync(join(tmpdir(), "tavolo-web-bundle-"));
  const vite = resolve(webRoot, "../../node_modules/vite/bin/vite.js");
  const build = spawnSync(process.execPath, [vite, "build", "--manifest", "--logLevel", "error"], {
    cwd: webRoot,
    env: { ...process.env, WEB_OUT_DIR: outDir },
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stderr}`);
  manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;
}, 180_000);

afterAll(() => {
  if (outDir && !prebuilt) rmSync(outDir, { recursive: true, force: true });
});

describe("production web bundle", () => {
  it("loads no Capacitor or plugin code on start", () => {
    const closure = startClosure();
    expect(closure.length).toBeGreaterThan(1);
    for (const key of closure) {
      const text = code(manifest[key]!);
      for (const marker of PLUGIN_MARKERS) expect(text.includes(marker), `${marker} in ${key}`).toBe(false);
    }
  });

  it("keeps the plugins in the native bridge chunk, which only a dynamic import reaches", () => {
    const bridge = Object.keys(manifest).find((key) => key.endsWith("src/lib/native.ts"));
    expect(bridge, "lib/native.ts is its own chunk").toBeDefined();
    // The bridge does carry the plugins: the markers really are what the other chunks lack.
    for (const marker of ["NativeBiometric", "SocialLogin", "appUrlOpen"]) {
      expect(reachable(bridge!, { dynamic: true }).some((key) => code(manifest[key]!).includes(marker))).toBe(true);
    }
    // The start code (the entry or a chunk it loads, e.g. the native loader) reaches it by a dynamic import.
    expect(startClosure().some((key) => manifest[key]!.dynamicImports?.includes(bridge!))).toBe(true);

    // Every chunk of the web app, loaded at start or lazily, that does not go through the bridge.
    const webApp = everything(bridge!);
    expect(webApp.length).toBeGreaterThan(10);
    // Only the plugins' own chunks (loaded by the bridge) import it statically.
    expect(webApp.filter((key) => manifest[key]!.imports?.includes(bridge!))).toEqual([]);
    for (const key of webApp) {
      const text = code(manifest[key]!);
      for (const marker of PLUGIN_MARKERS) expect(text.includes(marker), `${marker} in ${key}`).toBe(false);
    }
  });
});
