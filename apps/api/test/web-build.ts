import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const repoRoot = path.resolve(import.meta.dirname, "../../..");
let building: Promise<string> | undefined;

/**
 * The web app built as `npm run build` builds it — the browser app and its server entry (decision
 * 027) — into a directory of its own, once per test process: for tests that start real server
 * processes rendering the public pages, as an operator's start does (WEB_DIST_DIR). A temp directory,
 * so it never races another suite's or the e2e run's `apps/web/dist`.
 * `npm test` builds once for every suite and names that build (outside the repository too) in
 * TAVOLO_TEST_WEB_DIST (decision 047); the suites then read it and leave it in place.
 */
export function builtWebApp(): Promise<string> {
  const prebuilt = process.env.TAVOLO_TEST_WEB_DIST;
  if (prebuilt) return Promise.resolve(path.resolve(prebuilt));
  building ??= (async () => {
    const distDir = path.join(mkdtempSync(path.join(tmpdir(), "tavolo-web-build-")), "dist");
    await promisify(execFile)("npm", ["run", "build", "-w", "@tavolo/web"], {
      cwd: repoRoot,
      env: { ...process.env, WEB_OUT_DIR: distDir },
      maxBuffer: 64 * 1024 * 1024,
    });
    return distDir;
  })();
  return building;
}

/** Removes the build (call from the suite's afterAll; a later builtWebApp() builds again). */
export async function removeBuiltWebApp(): Promise<void> {
  const built = building;
  building = undefined;
  if (built) rmSync(path.dirname(await built), { recursive: true, force: true });
}

/**
 * An unbuilt app's shell for tests that render with the server entry from source: the app's
 * index.html and an empty build manifest (no route stylesheets to inline).
 */
export function appShellDist(): string {
  const dist = path.join(mkdtempSync(path.join(tmpdir(), "tavolo-app-shell-")), "dist");
  mkdirSync(path.join(dist, ".vite"), { recursive: true });
  cpSync(path.join(repoRoot, "apps/web/index.html"), path.join(dist, "index.html"));
  writeFileSync(path.join(dist, ".vite", "manifest.json"), "{}");
  return dist;
}
