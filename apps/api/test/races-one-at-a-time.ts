import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { testServerUrl } from "./global-setup";
import { RACE_FILE } from "./race-files";

/**
 * The "api-pg" files run one per Vitest worker, and the race files among them (`*race.test.ts`)
 * beside the others, never beside each other (decision 078): a 50-way race holds up to ~50
 * connections, two of them at once would reach the server's 100, and a refused connection is a 500
 * that has nothing to do with the race under test. An ordinary file holds a few. A race file waits
 * here, before its own set-up, until no other race file holds the server's session-level advisory
 * lock; closing the connection frees it.
 */
/** Any fixed key: only the race files of one run take it. */
const RACES_LOCK = 7_807_807;
/** The longest race file takes ~20 s on a loaded machine; a waiting file may follow a few of them. */
const WAIT_FOR_THE_SERVER_MS = 300_000;

let holder: pg.Client | undefined;

// eslint-disable-next-line no-empty-pattern -- Vitest reads a hook's fixtures from this pattern; the file is the second argument
beforeAll(async ({}, suite) => {
  if (!RACE_FILE.test(suite.file.filepath)) return;
  holder = new pg.Client({ connectionString: testServerUrl() });
  await holder.connect();
  await holder.query("SELECT pg_advisory_lock($1)", [RACES_LOCK]);
}, WAIT_FOR_THE_SERVER_MS);

afterAll(async () => {
  await holder?.end();
  holder = undefined;
});
