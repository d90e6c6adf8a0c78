import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";

// The API (apps/api) serves /api and, while the outbox mail transport is on, /dev (mailbox).
const api = "http://localhost:3000";

// WEB_OUT_DIR lets parallel builds (several e2e runs on one machine) keep apart; the API reads WEB_DIST_DIR.
const outDir = process.env.WEB_OUT_DIR ?? "dist";

export default defineConfig(({ isSsrBuild }) => ({
  // Brotli and gzip copies of every text file, compressed once at build time at the highest level:
  // the API serves them as they are (@fastify/static preCompressed), no per-request compression.
  plugins: [
    react(),
    !isSsrBuild &&
      compression({ algorithms: ["brotliCompress", "gzip"], include: /\.(js|css|html|svg|json|webmanifest)$/ }),
  ],
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
    ? // `vite build --ssr src/entry-server.tsx`: beside the app, never inside it (it is not served).
      { outDir: `${outDir}-ssr`, emptyOutDir: true, target: "node20", copyPublicDir: false }
    : {
        outDir,
        assetsDir: "assets",
        emptyOutDir: true,
        target: "es2022",
        // dist/.vite/manifest.json: which chunks each page loads, for the bundle report of bench/pages.
        manifest: true,
        rolldownOptions: {
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
                { name: "zod", test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 2 },
                // index.html and entry-client.tsx stay the entry chunk (index.html's script, the manifest's entry).
                {
                  name: "start",
                  tags: ["$initial"],
                  test: (id) => !/[\\/]src[\\/]entry-client\.tsx$|[\\/]index\.html/.test(id),
                  priority: 1,
                },
              ],
            },
          },
        },
      },
}));
