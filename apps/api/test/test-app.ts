import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
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

export interface TestAppOptions {
  seedRestaurants?: number;
  env?: Record<string, string>;
  now?: () => Date;
}

/** The real application on a fresh database, optionally seeded; no port, requests via inject(). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
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

/**
 * The suite's app: started in beforeAll (options may be a function, read then), closed in afterAll.
 * The returned object forwards to it, so use it inside tests and hooks, not at module load.
 */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  let current: TestApp | undefined;
  const started = (): TestApp => {
    if (!current) throw new Error("useTestApp: the app starts in beforeAll; use it inside tests and hooks");
    return current;
  };
  beforeAll(async () => {
    current = await createTestApp(typeof options === "function" ? options() : options);
  });
  afterAll(() => current?.close());
  return {
    get app() {
      return started().app;
    },
    get database() {
      return started().database;
    },
    get seeded() {
      return started().seeded;
    },
    get config() {
      return started().config;
    },
    close: () => started().close(),
  };
}

/**
 * A plain object the suite builds once in beforeAll (after the hooks registered before it, such as
 * useTestApp's): the returned object is filled in place then, so read it inside tests and hooks.
 */
export function useFixture<F extends object>(build: () => Promise<F>): F {
  const fixture = {} as F;
  beforeAll(async () => {
    Object.assign(fixture, await build());
  });
  return fixture;
}
