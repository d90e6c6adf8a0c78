import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The API (apps/api) serves /api and, while the outbox mail transport is on, /dev (mailbox).
const api = "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { "/api": api, "/dev": api },
  },
  build: {
    // WEB_OUT_DIR lets parallel builds (several e2e runs on one machine) keep apart; the API reads WEB_DIST_DIR.
    outDir: process.env.WEB_OUT_DIR ?? "dist",
    assetsDir: "assets",
    emptyOutDir: true,
    target: "es2022",
    rolldownOptions: {
      // Shared modules declare zod schemas at top level (e.g. the request schemas in auth.ts).
      // Those calls are pure: mark them so, or zod lands in the entry chunk of pages that never validate.
      treeshake: { manualPureFunctions: ["z"] },
      output: {
        // zod is used by many lazy pages (forms) but never at start: left to automatic chunking it
        // lands in the chunk the entry shares with them (+30 KiB gzipped on first load).
        codeSplitting: { groups: [{ name: "zod", test: /[\\/]node_modules[\\/]zod[\\/]/ }] },
      },
    },
  },
});
