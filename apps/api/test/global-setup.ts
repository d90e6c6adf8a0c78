import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/database";
import { migrate } from "../src/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite cluster's tarball, from which each file's in-memory database starts. */
    pgliteSnapshot: string | undefined;
    /** A migrated PostgreSQL database each file's database is created from (`CREATE DATABASE … TEMPLATE`). */
    postgresTemplate: string | undefined;
  }
}

/**
 * Migrates once per run what every API test file starts from (decision 047): on PGlite a dumped
 * cluster (opening an empty PGlite runs initdb, ~4 s of CPU; loading the dump ~0.7 s), on PostgreSQL
 * a template database. test/test-database.ts still runs `migrate()` on each copy, a no-op when the
 * copy is current, and starts from scratch when a file runs without this set-up.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cleanups: Array<() => Promise<void>> = [];
  if (project.config.env?.TAVOLO_TEST_DATABASE === "postgres") {
    const template = await createPostgresTemplate();
    project.provide("postgresTemplate", template.name);
    cleanups.push(template.drop);
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), "tavolo-pglite-snapshot-"));
    const file = path.join(dir, "migrated.tar");
    const database = await openDatabase({ dataDir: "memory://" });
    try {
      await migrate(database);
      writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
    } finally {
      await database.close();
    }
    project.provide("pgliteSnapshot", file);
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  }
  return async () => {
    for (const cleanup of cleanups) await cleanup();
  };
}

/** The server TEST_DATABASE_URL names (the local one by default). */
export function testServerUrl(): string {
  return process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
}

/** Runs one statement on the test server's maintenance database. */
export async function onTestServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: testServerUrl() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function createPostgresTemplate(): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `tavolo_template_${randomBytes(6).toString("hex")}`;
  await onTestServer(`CREATE DATABASE ${name}`);
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  // Every connection closed before the first copy: PostgreSQL copies only an unused template.
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  return { name, drop: () => onTestServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
