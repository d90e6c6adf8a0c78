import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { register } from "../../../test/auth-helpers";
import { purgeExpiredSecrets } from "./housekeeping.repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (table: string) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(t.database.db)).rows[0]!.n;

describe("auth housekeeping", () => {
  it("deletes secrets that expired more than a day ago and ended cooldowns, and keeps live ones", async () => {
    const stale = await register(t.app);
    await register(t.app);
    const db = t.database.db;
    const longAgo = sql<Date>`now() - interval '2 days'`;
    await db.updateTable("one_time_codes").set({ expires_at: longAgo }).where("user_id", "=", stale.userId).execute();
    await db.updateTable("action_tokens").set({ expires_at: longAgo }).where("user_id", "=", stale.userId).execute();
    await db
      .updateTable("refresh_tokens")
      .set({ expires_at: longAgo })
      .where("family_id", "in", db.selectFrom("auth_sessions").select("id").where("user_id", "=", stale.userId))
      .execute();
    await sql`UPDATE send_cooldowns SET until = now() - interval '1 second'
      WHERE key = ${`email-verification:${stale.user.email.toLowerCase()}`}`.execute(t.database.db);
    const before = {
      codes: await count("one_time_codes"),
      cooldowns: await count("send_cooldowns"),
      tokens: await count("refresh_tokens"),
    };
    await purgeExpiredSecrets(t.database.db);
    expect(await count("one_time_codes")).toBe(before.codes - 1);
    expect(await count("send_cooldowns")).toBe(before.cooldowns - 1);
    expect(await count("refresh_tokens")).toBe(before.tokens - 1);
  });
});

describe("mail housekeeping of deleted accounts", () => {
  it("forgets a deletion confirmation a month after it left, and keeps every other mail", async () => {
    const gone = await register(t.app);
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/client/account",
      payload: { password: gone.password },
      headers: { authorization: `Bearer ${gone.token}` },
    });
    expect(res.statusCode).toBe(200);
    const db = t.database.db;
    const confirmation = () =>
      db.selectFrom("mail_outbox").select(["id", "to_address"]).where("template", "=", "account-deleted").execute();
    await expect.poll(async () => (await confirmation())[0]?.to_address).toMatch(/^sha256:[0-9a-f]{64}$/);
    const others = await count("mail_outbox");
    await purgeExpiredSecrets(db);
    expect(await confirmation()).toHaveLength(1);
    await db
      .updateTable("mail_outbox")
      .set({ sent_at: sql<Date>`now() - interval '31 days'` })
      .where("template", "=", "account-deleted")
      .execute();
    await purgeExpiredSecrets(db);
    expect(await confirmation()).toHaveLength(0);
    expect(await count("mail_outbox")).toBe(others - 1);
  });
});
