import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { codeIn, latestMail, post, register, STRONG_PASSWORD, uniqueEmail } from "../../../test/auth-helpers";

/** Races that only a real PostgreSQL server can interleave (PGlite runs one statement at a time). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const statuses = (responses: { statusCode: number }[]) => responses.map((res) => res.statusCode).sort();

describe("concurrent account requests", () => {
  it("one address registered ten times at once makes one account", async () => {
    const email = uniqueEmail("race");
    const payload = { email, password: STRONG_PASSWORD, firstName: "R", lastName: "C", termsAccepted: true };
    const results = await Promise.all(Array.from({ length: 10 }, () => post(t.app, "/api/client/register", payload)));
    expect(statuses(results)).toEqual([201, ...Array<number>(9).fill(409)]);
    const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE lower(email) = ${email}`.execute(
      t.database.db,
    );
    expect(rows.rows[0]!.n).toBe(1);
  });

  it("the code and the link of one verification mail used at once sign in only once", async () => {
    for (let round = 0; round < 5; round += 1) {
      const account = await register(t.app);
      const mail = await latestMail(t.app, account.user.email, "verification-code");
      const token = new URL(/https?:\/\/\S+email-redirect\S+/.exec(mail.text)![0]).searchParams.get("token");
      const results = await Promise.all([
        post(t.app, "/api/client/verify-email-otp", { email: account.user.email, otp: codeIn(mail) }),
        post(t.app, "/api/client/verify-email", { actionCode: token, email: account.user.email }),
      ]);
      expect(statuses(results)).toEqual([200, 400]);
      const logins = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM action_tokens WHERE user_id = ${account.userId} AND purpose = 'login'`.execute(
        t.database.db,
      );
      expect(logins.rows[0]!.n).toBe(1);
    }
  });

  it("a refresh token presented by several tabs at once rotates once and signs nobody out", async () => {
    const account = await register(t.app);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post(t.app, "/api/client/refresh-token", { refreshToken: account.refreshToken })),
    );
    expect(statuses(results)).toEqual([200, 200, 200, 200, 200]);
    // One rotation (one successor named), five distinct live tokens, all in the one session.
    const tokens = await sql<{ live: number; rotated: number; families: number }>`
      SELECT count(*) FILTER (WHERE revoked_at IS NULL)::int AS live,
             count(*) FILTER (WHERE replaced_by IS NOT NULL)::int AS rotated,
             count(DISTINCT family_id)::int AS families
      FROM refresh_tokens WHERE family_id IN (SELECT id FROM auth_sessions WHERE user_id = ${account.userId})`.execute(
      t.database.db,
    );
    expect(tokens.rows[0]).toEqual({ live: 5, rotated: 1, families: 1 });
    expect(new Set(results.map((result) => result.json().refreshToken)).size).toBe(5);
  });

  it("parallel guesses cannot spend more than five tries on a code", async () => {
    const account = await register(t.app);
    const code = codeIn(await latestMail(t.app, account.user.email, "verification-code"));
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, "0");
    await Promise.all(
      Array.from({ length: 12 }, () =>
        post(t.app, "/api/client/verify-email-otp", { email: account.user.email, otp: wrong }),
      ),
    );
    const attempts = await t.database.db
      .selectFrom("one_time_codes")
      .select("attempts")
      .where("user_id", "=", account.userId)
      .executeTakeFirstOrThrow();
    expect(attempts.attempts).toBe(5);
    expect(
      (await post(t.app, "/api/client/verify-email-otp", { email: account.user.email, otp: code })).statusCode,
    ).toBe(400);
  });
});
