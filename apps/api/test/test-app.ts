import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import { buildApp, type AppDependencies } from "../src/app";
import { loadConfig, type AppConfig } from "../src/config";
import type { Database } from "../src/db/database";
import { seed, type SeedReport } from "../src/catalog/seed/seed";
import { createTestDatabase } from "./test-database";
import { checkResponseContract, takeContractBreaches } from "./response-contract";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's address (undefined on PGlite). */
  databaseUrl: string | undefined;
  seeded: SeedReport | null;
  config: AppConfig;
  close(): Promise<void>;
}

export interface TestAppOptions {
  seedRestaurants?: number;
  env?: Record<string, string>;
  now?: () => Date;
  /** A second database standing for DATABASE_READ_URL (the caller creates and drops it). */
  catalogueReplica?: Database;
  /** A database the caller opened, migrated and closes itself (the fault tests' own server). */
  database?: Database;
  /** Runs on the fresh database before the app is built; the app uses the database it returns. */
  prepare?: (database: Database) => Promise<Database>;
  onRoute?: AppDependencies["onRoute"];
  serverEntry?: AppDependencies["serverEntry"];
  /** Trusts the test push service's certificate (decision 045). */
  pushAgent?: AppDependencies["pushAgent"];
}

/** Shared with API processes started on the same database, so their sessions are valid everywhere. */
export const TEST_JWT_SECRET = "test-secret-that-is-long-enough-for-hs256-0123456789";

/** Fixed VAPID keys for the suites: nothing is generated into a data directory (decision 045). */
export const TEST_VAPID_KEYS = {
  VAPID_PUBLIC_KEY: "BF6JvZlbqT4ovFV775_7W9IB9XrkbHl1jeQhDZveSqde_pQA1eQdx7hYOeD_X0C5klhB8iquh_uneV1xWWq02zE",
  VAPID_PRIVATE_KEY: "dhsmJ9zUrn3jsv5EwyLSja-o6H5x-WziQU2AUmhqPBs",
};

/** The real application on a fresh database, optionally seeded; no port, requests via inject(). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const {
    database: fresh,
    url: databaseUrl,
    drop,
  } = options.database
    ? { database: options.database, url: undefined, drop: async () => {} }
    : await createTestDatabase();
  const database = options.prepare ? await options.prepare(fresh) : fresh;
  const seeded = options.seedRestaurants ? await seed(database.db, { restaurants: options.seedRestaurants }) : null;
  const config = loadConfig({
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: "silent",
    WEB_DIST_DIR: "/nonexistent",
    DATABASE_URL: database.kind === "postgres" ? "postgres://set-by-test" : undefined,
    // The suites read mail from the outbox on PostgreSQL too (a real start needs this opt-in), unless
    // they bring an SMTP peer.
    MAIL_TRANSPORT: database.kind === "postgres" && !options.env?.SMTP_URL ? "outbox" : undefined,
    // Tests share one client address; the rate-limit test sets its own low limits and delay.
    AUTH_RATE_LIMIT_PER_IP: "100000",
    AUTH_RATE_LIMIT_FAILURES_PER_IP: "100000",
    AUTH_RATE_LIMIT_PER_ACCOUNT_AND_IP: "100000",
    AUTH_RATE_LIMIT_PER_ACCOUNT: "100000",
    AUTH_RATE_LIMIT_FAILURE_DELAY_MS: "0",
    ...TEST_VAPID_KEYS,
    // Background workers stay idle unless a suite asks: tests call runOnce themselves.
    PUSH_POLL_SECONDS: "60",
    REMINDER_POLL_SECONDS: "300",
    ...options.env,
  });
  const app = await buildApp(config, {
    database,
    catalogueReplica: options.catalogueReplica,
    now: options.now,
    serverEntry: options.serverEntry,
    pushAgent: options.pushAgent,
    // Every answer of every API suite is checked against its route's documented responses.
    onRoute: (route) => {
      checkResponseContract(route);
      options.onRoute?.(route);
    },
  });
  await app.ready();
  return {
    app,
    database,
    databaseUrl,
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
  afterAll(async () => {
    await current?.close();
    expect(takeContractBreaches(), "answers outside the documented responses").toEqual([]);
  });
  return {
    get app() {
      return started().app;
    },
    get database() {
      return started().database;
    },
    get databaseUrl() {
      return started().databaseUrl;
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
