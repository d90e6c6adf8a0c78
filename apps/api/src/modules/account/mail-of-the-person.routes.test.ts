import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import type { AccountExport } from "@tavolo/shared/account-data";
import { deleteAccount, exportAccount } from "../../../test/account-data-helpers";
import { bearer, latestMail, linkIn, post, register } from "../../../test/auth-helpers";
import {
  createBookingFixture,
  diner,
  makeReservation,
  romeDate,
  tableRequest,
} from "../../../test/reservation-helpers";
import { useFixture, useTestApp } from "../../../test/test-app";

/** Mail belongs to the person it was written for, not to whoever holds its address today (decision 034). */
const t = useTestApp();
const f = useFixture(() => createBookingFixture(t));

const mailTo = async (address: string) =>
  (
    await sql<{ id: number; template: string; sent_at: Date | null }>`
      SELECT id, template, sent_at FROM mail_outbox WHERE lower(to_address) = ${address.toLowerCase()} ORDER BY id`.execute(
      t.database.db,
    )
  ).rows;

/** Changes the diner's address the way a diner does: asks, then follows the link mailed to the new one. */
async function changeAddress(who: { headers: Record<string, string> }, newEmail: string) {
  const asked = await post(t.app, "/api/client/request-email-change", { newEmail }, who.headers);
  expect(asked.statusCode, asked.body).toBe(200);
  const link = linkIn(await latestMail(t.app, newEmail, "email-change"), `${t.config.appOrigin}/email-redirect`);
  const followed = await t.app.inject({
    method: "GET",
    url: `/api/client/verify-email-and-login?${new URLSearchParams({
      token: link.searchParams.get("token") ?? "",
      email: link.searchParams.get("email") ?? "",
    })}`,
  });
  expect(followed.statusCode).toBe(302);
}

describe("mail and the person it was written for", () => {
  it("the export of someone who registered a freed address lists their own mail only, none of the previous holder's", async () => {
    const x = await diner(t, { language: "en" });
    const booked = await makeReservation(t, x, tableRequest(f.allDay, 1, romeDate(3), "20:00"));
    expect(booked.statusCode, booked.body).toBe(201);
    await changeAddress(x, `moved.${randomBytes(4).toString("hex")}@example.it`);
    const xMail = (await mailTo(x.email)).map((mail) => mail.template);
    // The freed address did receive X's verification code, booking confirmation and change notice.
    expect(xMail).toEqual(expect.arrayContaining(["verification-code", "reservation-booked", "email-changed"]));

    // Y registers X's old address and does not verify it.
    const y = await register(t.app, { email: x.email });
    const data = (await exportAccount(t, bearer(y.token))).json() as AccountExport;
    const ownSubject = (await latestMail(t.app, x.email, "verification-code")).subject;
    expect(data.emails.map((mail) => mail.subject)).toEqual([ownSubject]);

    // X's export still has X's mail, whichever address it went to.
    const xData = (await exportAccount(t, x.headers)).json() as AccountExport;
    expect(xData.emails.length).toBeGreaterThanOrEqual(4);
  });

  it("deleting an account deletes its own mail and leaves the mail of an address containing it", async () => {
    const tag = randomBytes(4).toString("hex");
    const w1 = await register(t.app, { email: `w1.${tag}@x.test` });
    // Someone else moving to aw1.…: the link mailed there names the address, which contains w1's.
    const aw1 = await register(t.app);
    const aw1Address = `aw1.${tag}@x.test`;
    const asked = await post(t.app, "/api/client/request-email-change", { newEmail: aw1Address }, bearer(aw1.token));
    expect(asked.statusCode, asked.body).toBe(200);
    // One of those messages is still waiting to be sent: once its first delivery is recorded, it
    // is made due again later, as after a failed attempt.
    await vi.waitFor(async () => expect((await mailTo(aw1Address))[0]?.sent_at).toBeInstanceOf(Date), {
      timeout: 15_000,
    });
    await sql`UPDATE mail_outbox SET sent_at = NULL, next_attempt_at = now() + interval '1 hour'
      WHERE id = (SELECT max(id) FROM mail_outbox WHERE to_address = ${aw1Address})`.execute(t.database.db);
    const before = await mailTo(aw1Address);
    expect(before.map((mail) => mail.sent_at)).toEqual([null]);

    const deleted = await deleteAccount(t, bearer(w1.token), { password: w1.password });
    expect(deleted.statusCode, deleted.body).toBe(200);

    expect(await mailTo(aw1Address)).toEqual(before);
    // Of the deleted account's mail only the confirmation of the deletion is left, tied to no one
    // (its recipient a hash once it has left, decision 021).
    const left = await sql<{ template: string; user_id: string | null }>`
      SELECT template, user_id FROM mail_outbox WHERE user_id = ${w1.userId} OR to_address = ${w1.user.email}
        OR to_address = ${`sha256:${createHash("sha256").update(w1.user.email.toLowerCase()).digest("hex")}`}`.execute(
      t.database.db,
    );
    expect(left.rows).toEqual([{ template: "account-deleted", user_id: null }]);
  });
});
