import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

// The API (apps/api) serves /api and, while the outbox mail transport is on, /dev (mailbox).
const api = "http://localhost:3000";

/** The app's own entry (decision 033): entry-client.tsx imports it once the page allows. */
const APP_ENTRY = "src/client-app.tsx";

/**
 * index.html's script imports the app only through `import()`, so Vite would not announce the app's
 * chunks in the page. For the app's shell (every client-rendered route, the native app) they are
 * needed at once: preload them beside the entry, as Vite does for static imports. A server-rendered
 * page leaves them out (src/server/page-document.ts): it fetches the app after its first paint.
 */
function preloadAppEntry(): Plugin {
  return {
    name: "tavolo:preload-app-entry",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
        const app = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith(APP_ENTRY));
        if (!app) throw new Error(`no chunk for ${APP_ENTRY} in the build`);
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = new Set<string>();
        const visit = (file: string) => {
          if (closure.has(file)) return;
          closure.add(file);
          byFile.get(file)?.imports.forEach(visit);
        };
        visit(app.fileName);
        // Beside what Vite already preloads for the first script (the boot chunk).
        const links = [...closure]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`);
        // Marked as a block, as the page head and the app are: the server takes it out of rendered pages.
        const block = ["<!--app-preload-->", ...links, "<!--/app-preload-->"].join("\n    ");
        return html.replace("</head>", `  ${block}\n  </head>`);
      },
    },
  };
}

// WEB_OUT_DIR lets parallel builds (several e2e runs on one machine) keep apart; the API reads WEB_DIST_DIR.
const outDir = process.env.WEB_OUT_DIR ?? "dist";

/**
 * react-router's production build: the package ships it beside the development one but exports only
 * the latter (remix-run/react-router#12532, #14102), so every bundler takes the development files.
 * They differ in one constant, ENABLE_DEV_WARNINGS. Resolved from the package's own location.
 */
function reactRouterProduction(): string {
  const packageJson = createRequire(import.meta.url).resolve("react-router/package.json");
  const file = path.join(path.dirname(packageJson), "dist/production/index.mjs");
  if (!existsSync(file)) throw new Error(`react-router's production build is not at ${file}`);
  return file;
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // Brotli and gzip copies of every text file, compressed once at build time at the highest level:
  // the API serves them as they are (@fastify/static preCompressed), no per-request compression.
  plugins: [
    react(),
    !isSsrBuild && preloadAppEntry(),
    // The service worker /sw.js (decision 045): src/sw.ts with the build's precache list injected.
    // Registered by client-app.tsx, never in the native app; the manifest is public/manifest.webmanifest.
    !isSsrBuild &&
      VitePWA({
        strategies: "injectManifest",
        srcDir: "src",
        filename: "sw.ts",
        injectRegister: false,
        manifest: false,
        injectManifest: {
          globPatterns: ["index.html", "assets/*.{js,css,woff2}", "icons/*.png", "*.svg", "*.webmanifest"],
          maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        },
      }),
    !isSsrBuild &&
      compression({ algorithms: ["brotliCompress", "gzip"], include: /\.(js|css|html|svg|json|webmanifest)$/ }),
  ],
  // A build takes react-router's production files (decision 061): its package exports only the
  // development ones, whose dev-only warnings and their texts weigh ≈ 0.6 KiB gzipped on the start.
  resolve: command === "build" ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction() }] } : {},
  server: {
    port: 5173,
    proxy: { "/api": api, "/dev": api },
  },
  // The server render (src/entry-server.tsx, decisions 027 and 030) bundles everything it imports,
  // React included, built for production whatever NODE_ENV the API process has: read from
  // node_modules at run time, React picks its development build unless the operator sets
  // NODE_ENV=production, and that build renders about twice as slowly (prop checks, jsxDEV, tasks).
  ssr: { noExternal: true },
  // And its JSX compiled for that build (jsx, not jsxDEV) even when NODE_ENV is set otherwise at
  // build time: production React has no jsxDEV, so a mixed bundle would not render at all.
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : undefined,
  oxc: isSsrBuild ? { jsx: { development: false } } : undefined,
  build: isSsrBuild
    ? // `vite build --ssr src/entry-server.tsx`: beside the app, never inside it (it is not served);
      // where the API looks for it: serverEntryFile in packages/shared/src/server-render.ts.
      { outDir: `${outDir}-ssr`, emptyOutDir: true, target: "node20", copyPublicDir: false }
    : {
        outDir,
        assetsDir: "assets",
        emptyOutDir: true,
        target: "es2022",
        // dist/.vite/manifest.json: which chunks each page loads, for the bundle report of bench/pages.
        manifest: true,
        rolldownOptions: {
          // Two entries: index.html's small first script, and the app it imports (decision 033).
          input: { index: "index.html", app: APP_ENTRY },
          // Shared modules declare zod schemas at top level (e.g. the request schemas in auth.ts).
          // Those calls are pure: mark them so, or zod lands in the entry chunk of pages that never validate.
          treeshake: { manualPureFunctions: ["z"] },
          output: {
            // zod is used by many lazy pages (forms) but never at start: left to automatic chunking it
            // lands in the chunk the entry shares with them (+30 KiB gzipped on first load).
            // Everything the entry loads statically goes into one start chunk: left to automatic chunking
            // it was ~30 files of 1–2 KiB, and over HTTP/1.1 (6 connections) each wave costs a round trip.
            codeSplitting: {
              groups: [
                // What both entries need (Vite's preload helper and polyfill, one constant) and the first script's
                // helpers (src/boot/): a chunk of their own, or
                // the first script would import the start chunk and fetch the app with it.
                {
                  name: "boot",
                  test: /vite[\\/](preload-helper|modulepreload-polyfill)|[\\/]shared[\\/]src[\\/]rendered-page\.ts$|[\\/]src[\\/]boot[\\/]/,
                  priority: 3,
                },
                { name: "zod", test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 2 },
                // The app's modules: the start chunk. index.html, entry-client.tsx and the base styles stay
                // the first script and the stylesheet index.html links (the shell is painted with it).
                // client-app.tsx stays its own chunk: it awaits the route's module, which imports from
                // the start chunk, and a chunk cannot wait for itself to finish (top-level await).
                {
                  name: "start",
                  tags: ["$initial"],
                  test: (id) =>
                    !id.endsWith(APP_ENTRY) &&
                    !/[\\/]src[\\/]entry-client\.tsx$|[\\/]index\.html|[\\/]src[\\/]styles[\\/]/.test(id),
                  priority: 1,
                },
              ],
            },
          },
        },
      },
}));
