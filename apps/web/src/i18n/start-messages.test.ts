import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import startIt from "./locales/start/it.json";
import restIt from "./locales/rest/it.json";

/**
 * The first render of a server-rendered page waits only for the start part of the messages
 * (decision 031), and a signed-in visitor's first re-render right after hydrating may come before the
 * rest has arrived. So every message key written in a module the shell or a public page loads
 * statically (not through `import()`, whose loaders wait for the rest) must be in the start part.
 * The server render test (apps/api/src/ssr/page-messages.test.ts) checks the same on real pages.
 */
const src = path.resolve(import.meta.dirname, "..");
const STATIC_ROOTS = [
  "entry-client.tsx",
  "client-app.tsx",
  "app/routes/home.tsx",
  "app/routes/search.tsx",
  "app/routes/restaurant.tsx",
  "app/routes/offer.tsx",
  "app/routes/not-found.tsx",
];

type Tree = { [key: string]: string | Tree };

/** Relative modules imported statically (`import … from`, `export … from`), never through `import()`. */
function staticImports(file: string): string[] {
  const code = readFileSync(file, "utf8");
  const specifiers = [...code.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+"(\.{1,2}\/[^"]+)"/gm)].map((m) => m[1]!);
  return specifiers.flatMap((specifier) => {
    const base = path.resolve(path.dirname(file), specifier);
    const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
      (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
    );
    return found ? [found] : [];
  });
}

function staticModules(): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    staticImports(file).forEach(visit);
  };
  STATIC_ROOTS.forEach((root) => visit(path.join(src, root)));
  return seen;
}

const sections = new Set([...Object.keys(startIt), ...Object.keys(restIt)]);

/**
 * Every string in the code that names a message: "section.key…" for one of our sections, and
 * `section.prefix.${…}` (a key chosen at run time: the whole subtree must be there).
 */
function keysIn(file: string): { exact: string[]; prefixes: string[] } {
  const code = readFileSync(file, "utf8");
  const named = (key: string) => sections.has(key.split(".")[0]!);
  const exact = [...code.matchAll(/["'`]([a-z][A-Za-z]*(?:\.[A-Za-z0-9_]+)+)["'`]/g)].map((m) => m[1]!).filter(named);
  const prefixes = [...code.matchAll(/`([a-z][A-Za-z]*(?:\.[A-Za-z0-9_]+)*)\.\$\{/g)].map((m) => m[1]!).filter(named);
  return { exact, prefixes };
}

function lookup(tree: Tree, key: string): string | Tree | undefined {
  return key
    .split(".")
    .reduce<string | Tree | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), tree);
}

/** A key with a count is found under its plural forms ("offers.count_one", "offers.count_other"). */
const inStart = (key: string) =>
  lookup(startIt as Tree, key) !== undefined || lookup(startIt as Tree, `${key}_other`) !== undefined;

describe("the start part of the messages", () => {
  it("holds every key the shell and the public pages name in code they load at start", () => {
    const missing = new Set<string>();
    for (const file of staticModules()) {
      if (/\.test\.tsx?$/.test(file)) continue;
      const { exact, prefixes } = keysIn(file);
      const where = path.relative(src, file);
      for (const key of exact) if (!inStart(key)) missing.add(`${key} (${where})`);
      for (const prefix of prefixes) {
        const rest = lookup(restIt as Tree, prefix);
        if (!inStart(prefix) || rest !== undefined) missing.add(`${prefix}.* (${where}): all of it`);
      }
    }
    expect([...missing].sort(), "move these into apps/web/src/i18n/locales/start").toEqual([]);
  });

  it("walks the modules of the public pages (a sanity check of the walk itself)", () => {
    const modules = [...staticModules()].map((file) => path.relative(src, file));
    expect(modules).toContain("features/shell/components/header.tsx");
    expect(modules).toContain("features/restaurants/components/card-slots.tsx");
    expect(modules.length).toBeGreaterThan(60);
  });

  it("and the rest never hold the same key twice", () => {
    const leaves = (tree: Tree, prefix = ""): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === "string" ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
      );
    const start = new Set(leaves(startIt as Tree));
    expect(leaves(restIt as Tree).filter((key) => start.has(key))).toEqual([]);
  });
});
