import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

/**
 * One runner, four projects. "api" runs the API suite on embedded PGlite; "api-pg" runs the very
 * same files on a real PostgreSQL server (a fresh database per run, see apps/api/test/test-database.ts).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: "shared", root: "packages/shared", environment: "node", include: ["src/**/*.test.ts"] } },
      {
        test: {
          name: "api",
          root: "apps/api",
          environment: "node",
          include: ["src/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "api-pg",
          root: "apps/api",
          environment: "node",
          include: ["src/**/*.test.ts"],
          exclude: ["src/db/seed/**"],
          env: { TAVOLO_TEST_DATABASE: "postgres" },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: "web",
          root: "apps/web",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["./test/setup.ts"],
          css: { modules: { classNameStrategy: "non-scoped" } },
        },
      },
    ],
  },
});
