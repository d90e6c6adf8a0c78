import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app";
import { loadConfig, type AppConfig } from "../src/config";
import type { Database } from "../src/db/database";
import { seed, type SeedReport } from "../src/db/seed/seed";
import { createTestDatabase } from "./test-database";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  seeded: SeedReport | null;
  config: AppConfig;
  close(): Promise<void>;
}

/** The real application on a fresh database, optionally seeded; no port, requests via inject(). */
export async function createTestApp(
  options: { seedRestaurants?: number; env?: Record<string, string>; now?: () => Date } = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  const seeded = options.seedRestaurants ? await seed(database.db, { restaurants: options.seedRestaurants }) : null;
  const config = loadConfig({
    JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-0123456789",
    LOG_LEVEL: "silent",
    WEB_DIST_DIR: "/nonexistent",
    DATABASE_URL: database.kind === "postgres" ? "postgres://set-by-test" : undefined,
    // Tests share one client address; the rate-limit test sets its own low limits.
    AUTH_RATE_LIMIT_PER_IP: "100000",
    AUTH_RATE_LIMIT_PER_ACCOUNT: "100000",
    ...options.env,
  });
  const app = await buildApp(config, { database, now: options.now });
  await app.ready();
  return {
    app,
    database,
    seeded,
    config,
    async close() {
      await app.close();
      await drop();
    },
  };
}
