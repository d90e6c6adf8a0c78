import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { register } from "../../test/auth-helpers";
import { createOfferFixture, addOffer, bookOffer, offerClosingIn } from "../../test/offer-helpers";
import { createBookingFixture, diner, makeReservation, romeDate, tableRequest } from "../../test/reservation-helpers";
import { eventually, startSmtpPeer, type SmtpPeer } from "../../test/smtp-peer";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createMailer, DEFAULT_MAIL_RETRY } from "./mailer";
import { createSmtpTransport } from "./smtp-transport";

/**
 * Undelivered mail is retried from the outbox (decision 014), against a real SMTP peer that refuses
 * for now (451) or is down, and then accepts. The worker polls every 50 ms and retries after 50 ms,
 * doubling. A refusal for good (550) is permanent-refusal.test.ts.
 */
let smtp: SmtpPeer;
let t: TestApp;
const MAX_ATTEMPTS = 4;

beforeAll(async () => {
  smtp = await startSmtpPeer("refuse-temporary");
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Tavolo <no-reply@tavolo.test>",
      MAIL_RETRY_DELAY_SECONDS: "0.05",
      MAIL_RETRY_POLL_SECONDS: "0.05",
      MAIL_RETRY_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const outboxOf = (to: string) =>
  t.database.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", to).orderBy("id").execute();
const deliveriesTo = (to: string) => smtp.received.filter((mail) => mail.to.includes(to));

/** Waits until every mail to `to` is sent, then checks each arrived exactly once, under its own Message-ID. */
async function expectDeliveredOnce(to: string, count: number) {
  const rows = await eventually(async () => {
    const found = await outboxOf(to);
    return found.length === count && found.every((row) => row.sent_at) ? found : undefined;
  });
  const received = deliveriesTo(to);
  expect(received).toHaveLength(count);
  expect(new Set(received.map((mail) => mail.messageId))).toEqual(
    new Set(rows.map((row) => `<${row.message_id}@tavolo.test>`)),
  );
  for (const row of rows) expect(row).toMatchObject({ last_error: null, next_attempt_at: null, failed_at: null });
  return rows;
}

describe("mail retried from the outbox", () => {
  it("books a table and an offer while the server refuses mail for now (451), then delivers each once", async () => {
    smtp.mode = "refuse-temporary";
    const booking = await createBookingFixture(t);
    const offers = await createOfferFixture(t);
    const offerId = await addOffer(t, offerClosingIn(offers.milano, 120));
    const giulia = await diner(t);
    const table = await makeReservation(t, giulia, tableRequest(booking.allDay, 1, romeDate(3), "20:00"));
    expect(table.statusCode).toBe(201);
    const seats = await bookOffer(t, giulia, { lastMinuteId: offerId, people: 2 });
    expect(seats.statusCode).toBe(201);

    // Verification code, table booking, offer booking: all refused at least once, none lost.
    const pending = await eventually(async () => {
      const rows = await outboxOf(giulia.email);
      return rows.length === 3 && rows.every((row) => row.attempts >= 1) ? rows : undefined;
    });
    for (const row of pending) {
      expect(row.sent_at).toBeNull();
      expect(row.last_error).toContain("451");
      expect(row.failed_at).toBeNull();
      expect(row.text_body).not.toBe("");
    }
    expect(deliveriesTo(giulia.email)).toHaveLength(0);

    smtp.mode = "accept";
    const sent = await expectDeliveredOnce(giulia.email, 3);
    expect(sent.map((row) => row.template).sort()).toEqual(
      ["reservation-booked", "reservation-booked", "verification-code"].sort(),
    );
    // A sent message is never taken again: a later poll delivers nothing more.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(deliveriesTo(giulia.email)).toHaveLength(3);
  });

  it("keeps registering while the server answers 451 or is down, and delivers when it is back", async () => {
    smtp.mode = "refuse-temporary";
    const first = await register(t.app);
    await eventually(async () =>
      (await outboxOf(first.user.email))[0]?.last_error?.includes("451") ? true : undefined,
    );

    await smtp.stop();
    const second = await register(t.app);
    await eventually(async () => ((await outboxOf(second.user.email))[0]?.last_error ? true : undefined));
    expect((await outboxOf(second.user.email))[0]?.last_error).toMatch(/ECONNREFUSED|connect/i);

    smtp.mode = "accept";
    await smtp.start();
    await expectDeliveredOnce(first.user.email, 1);
    await expectDeliveredOnce(second.user.email, 1);
  });

  it("gives a message up after the last attempt, and tries it no more", async () => {
    smtp.mode = "refuse-temporary";
    const account = await register(t.app);
    const [row] = await eventually(async () => {
      const rows = await outboxOf(account.user.email);
      return rows[0]?.failed_at ? rows : undefined;
    });
    expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, sent_at: null, next_attempt_at: null });
    expect(smtp.refused.filter((to) => to === account.user.email)).toHaveLength(MAX_ATTEMPTS);

    smtp.mode = "accept";
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deliveriesTo(account.user.email)).toHaveLength(0);
    expect((await outboxOf(account.user.email))[0]?.attempts).toBe(MAX_ATTEMPTS);
  });

  it("delivers each waiting message once when several processes' workers poll the same outbox", async () => {
    smtp.mode = "refuse-temporary";
    const accounts = await Promise.all(Array.from({ length: 12 }, () => register(t.app)));
    const emails = accounts.map((account) => account.user.email);
    await eventually(async () => {
      const rows = await Promise.all(emails.map(outboxOf));
      return rows.every((mine) => mine[0]?.last_error) ? true : undefined;
    });
    // Three more workers on the same database (on PostgreSQL: concurrent connections of one pool),
    // polling as fast as they can, as other API processes would.
    const workers = Array.from({ length: 3 }, () =>
      createMailer({
        db: t.database.db,
        transport: createSmtpTransport(smtp.url, t.config.appOrigin),
        from: "Tavolo <no-reply@tavolo.test>",
        log: t.app.log,
        retry: { ...DEFAULT_MAIL_RETRY, firstDelayMs: 50, pollMs: 5 },
      }),
    );
    try {
      smtp.mode = "accept";
      for (const email of emails) await expectDeliveredOnce(email, 1);
    } finally {
      await Promise.all(workers.map((worker) => worker.close()));
    }
    for (const email of emails) expect(deliveriesTo(email)).toHaveLength(1);
  });
});
