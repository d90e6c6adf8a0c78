import { execFile } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFixture, useTestApp } from "../../test/test-app";
import { createBookingFixture, diner, romeDate } from "../../test/reservation-helpers";

const run = promisify(execFile);
const API_ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
/** Inside the workspace so the generated client resolves openapi-fetch; removed after the run. */
const WORK_DIR = join(API_ROOT, `.sdk-check-${process.pid}`);
const bin = (name: string) => join(API_ROOT, "../../node_modules/.bin", name);

const t = useTestApp();
const f = useFixture(() => createBookingFixture(t));
const mario = useFixture(() => diner(t));
let origin = "";
let documentText = "";

beforeAll(async () => {
  origin = await t.app.listen({ host: "127.0.0.1", port: 0 });
  documentText = (await fetch(`${origin}/api/docs/json`).then((res) => res.text())) as string;
  await mkdir(WORK_DIR, { recursive: true });
});
afterAll(() => rm(WORK_DIR, { recursive: true, force: true }));

/**
 * What an integrator writes against a client generated from the document: typed by the generated
 * `paths`, so a field the document does not have fails the type check below (decision 043).
 */
const BOOKING_CLIENT = `
import createClient from "openapi-fetch";
import type { paths } from "./openapi";

export async function book(baseUrl: string, token: string, restaurantId: string, tableId: string, date: string) {
  const client = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${token}\` } });
  const { data, error, response } = await client.POST("/api/client/makeReservation", {
    body: { restaurantId, tableId, date, time: "20:00", numberOfPeople: 2 },
  });
  return { status: response.status, reservationId: data?.reservation.id, error };
}
`;

type BookWithClient = (
  baseUrl: string,
  token: string,
  restaurantId: string,
  tableId: string,
  date: string,
) => Promise<{ status: number; reservationId?: string; error: unknown }>;

describe("the OpenAPI document, read by the tools integrators use (decision 043)", () => {
  it("passes Redocly's recommended rules with no error", async () => {
    const file = join(WORK_DIR, "document.json");
    await writeFile(file, documentText);
    const { stdout, stderr } = await run(
      bin("redocly"),
      ["lint", "--extends", "recommended", "--format", "json", file],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      },
    ).catch((failure: { stdout: string; stderr: string }) => failure);
    const report = JSON.parse(stdout) as {
      totals: { errors: number };
      problems: { ruleId: string; message: string }[];
    };
    expect(
      report.problems.filter((problem) => !("severity" in problem) || problem.severity === "error"),
      stderr,
    ).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it("generates types with openapi-typescript, and a typed openapi-fetch client books a table", async () => {
    const types = astToString(await openapiTS(JSON.parse(documentText) as Parameters<typeof openapiTS>[0]));
    expect(types).toContain("makeReservation: {");
    await writeFile(join(WORK_DIR, "openapi.d.ts"), types);
    await writeFile(join(WORK_DIR, "book.ts"), BOOKING_CLIENT);
    const tsc = await run(
      bin("tsc"),
      [
        "--ignoreConfig",
        "--noEmit",
        "--strict",
        "--skipLibCheck",
        "--module",
        "esnext",
        "--moduleResolution",
        "bundler",
        "--target",
        "es2022",
        join(WORK_DIR, "book.ts"),
      ],
      { cwd: API_ROOT },
    ).catch((failure: { stdout: string }) => ({ stdout: failure.stdout, failed: true }));
    expect(tsc.stdout).toBe("");

    const { book } = (await import(join(WORK_DIR, "book.ts"))) as { book: BookWithClient };
    const token = mario.headers.authorization.replace("Bearer ", "");
    const result = await book(origin, token, f.allDay.id, f.allDay.tables[2]!, romeDate(3));
    expect(result).toMatchObject({ status: 201, error: undefined, reservationId: expect.any(String) });
    const stored = await t.database.db
      .selectFrom("reservations")
      .select(["user_id", "party_size"])
      .where("id", "=", result.reservationId!)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ user_id: mario.userId, party_size: 2 });
  });
});
