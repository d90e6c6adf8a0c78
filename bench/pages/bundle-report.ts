import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** One chunk of Vite's build manifest (`build.manifest: true`), the fields we use. */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

export interface BundleLine {
  name: string;
  /** Gzipped bytes of the JS this loads beyond what is already there (the entry, for a route). */
  gzipBytes: number;
  budgetBytes: number;
}

const KIB = 1024;
export const ENTRY_BUDGET = 150 * KIB;
export const ROUTE_BUDGET = 50 * KIB;

/**
 * Per-route bundle report from dist/.vite/manifest.json: the entry is everything index.html loads
 * (both entry chunks, the first script and the app, and their static imports); a route is its page chunk plus the static imports it
 * adds to that. The active language's start messages are fetched with the entry and counted with it.
 */
export function bundleReport(distDir: string): BundleLine[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const gzipCache = new Map<string, number>();
  const gzipOf = (file: string) => {
    if (!gzipCache.has(file))
      gzipCache.set(file, gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length);
    return gzipCache.get(file)!;
  };
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dependency of manifest[key]?.imports ?? []) closure(dependency, seen);
    return seen;
  };
  const size = (keys: Iterable<string>) => [...keys].reduce((sum, key) => sum + gzipOf(manifest[key]!.file), 0);

  // Two entries (decision 033): index.html's first script and the app it imports at once (on a
  // rendered page once painted). Everything a first visit runs is both, with what they import.
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entryKeys.length === 0) throw new Error(`no entry in ${distDir}/.vite/manifest.json`);
  const entry = new Set(entryKeys.flatMap((key) => [...closure(key)]));
  const beyondEntry = (key: string) => [...closure(key)].filter((dependency) => !entry.has(dependency));

  const lines: BundleLine[] = [{ name: "entry (index.html)", gzipBytes: size(entry), budgetBytes: ENTRY_BUDGET }];
  for (const language of ["it", "en"]) {
    // The start part of the messages is all a first render waits for (decision 031); the rest, and
    // the shared messages, load after it and are reported beside it for information.
    const messages = (part: RegExp) =>
      Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry && part.test(key));
    const startMessages = messages(new RegExp(`locales/start/${language}\\.json$`));
    if (startMessages.length === 0) throw new Error(`no start messages for ${language} in the manifest`);
    const start = new Set([...entry, ...startMessages.flatMap(beyondEntry)]);
    lines.push({ name: `entry + ${language} start messages`, gzipBytes: size(start), budgetBytes: ENTRY_BUDGET });
    const rest = messages(new RegExp(`(locales/rest|shared/src/i18n)/${language}\\.json$`));
    lines.push({
      name: `${language} rest of messages (after)`,
      gzipBytes: size(new Set(rest.flatMap(beyondEntry))),
      budgetBytes: ROUTE_BUDGET,
    });
  }
  const routes = Object.keys(manifest)
    .filter((key) => manifest[key]!.isDynamicEntry && /src\/app\/routes\//.test(key))
    .sort();
  for (const key of routes) {
    lines.push({
      name: `route ${path.basename(key).replace(/\.tsx?$/, "")}`,
      gzipBytes: size(beyondEntry(key)),
      budgetBytes: ROUTE_BUDGET,
    });
  }
  return lines;
}

export function formatBundleLine(line: BundleLine): string {
  const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;
  const verdict = line.gzipBytes <= line.budgetBytes ? "✔" : "✘";
  return `${line.name.padEnd(36)} ${kib(line.gzipBytes).padStart(10)} gz   ${verdict} budget ≤ ${kib(line.budgetBytes)}`;
}
