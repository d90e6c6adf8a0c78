import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db/database";
import { registration, uniqueEmail } from "../test/auth-helpers";
import { createBookingFixture, romeDate, tableRequest } from "../test/reservation-helpers";
import { startServerProcess } from "../test/server-process";
import { eventually, startSmtpPeer, type SmtpPeer } from "../test/smtp-peer";
import { createTestDatabase } from "../test/test-database";
import { createTestApp } from "../test/test-app";

/**
 * A deploy stops the server (SIGTERM) while a booking whose diner has already left is still being
 * handled: it waits on its table's lock, held here from outside. The server must finish it before
 * closing anything it needs (decision 069): the booking commits, its mail is delivered and marked
 * sent (else another process sends it again after the lease), and the process exits cleanly.
 * PostgreSQL only: the table's lock is held from a second connection.
 */
describe("a server stopped while an abandoned booking is still being handled", () => {
  let smtp: SmtpPeer;
  let url: string;
  let drop: () => Promise<void>;
  let allDay: { id: string; tables: Record<number, string> };

  beforeAll(async () => {
    smtp = await startSmtpPeer("accept");
    const created = await createTestDatabase("postgres");
    url = created.url!;
    drop = created.drop;
    const t = await createTestApp({ database: created.database });
    try {
      allDay = (await createBookingFixture(t)).allDay;
    } finally {
      await t.app.close();
      await created.database.close();
    }
  });
  afterAll(async () => {
    await smtp?.stop();
    await drop?.();
  });

  it("finishes the booking, delivers its mail and marks it sent before the database closes", async () => {
    const log: string[] = [];
    const server = await startServerProcess(
      {
        DATABASE_URL: url,
        JWT_SECRET: "drain-test-secret-drain-test-secret-0123456",
        SMTP_URL: smtp.url,
        MAIL_FROM: "Tavolo <no-reply@tavolo.test>",
        LOG_LEVEL: "warn",
      },
      60_000,
      (line) => log.push(line),
    );
    const email = uniqueEmail("drain");
    const registered = await fetch(`${server.url}/api/client/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(registration({ email })),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };

    const outside = new pg.Client({ connectionString: url });
    await outside.connect();
    let stopped: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | undefined;
    try {
      await outside.query("BEGIN");
      await outside.query("SELECT pg_advisory_xact_lock(1, hashtext($1))", [allDay.tables[1]]);
      const leaving = new AbortController();
      const booking = fetch(`${server.url}/api/client/makeReservation`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(tableRequest(allDay, 1, romeDate(2), "20:00")),
        signal: leaving.signal,
      }).catch(() => "left");
      // The booking waits on the table's lock; its diner leaves, and the deploy stops the server.
      await eventually(async () => {
        const { rows } = await outside.query("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted");
        return rows.length > 0 ? true : undefined;
      });
      leaving.abort();
      expect(await booking).toBe("left");
      stopped = server.stop("SIGTERM");
      // Long enough for a server that does not wait to close its mailer and database meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await outside.query("COMMIT");
    } finally {
      await outside.end();
    }
    expect(await stopped).toEqual({ code: 0, signal: null });

    const database = await openDatabase({ databaseUrl: url });
    try {
      const booked = await database.db
        .selectFrom("reservations as r")
        .innerJoin("users as u", "u.id", "r.user_id")
        .select("r.id")
        .where("u.email", "=", email)
        .execute();
      expect(booked).toHaveLength(1);
      const mails = await database.db
        .selectFrom("mail_outbox")
        .select(["template", "sent_at"])
        .where("to_address", "=", email)
        .where("template", "=", "reservation-booked")
        .execute();
      expect(mails).toEqual([{ template: "reservation-booked", sent_at: expect.any(Date) }]);
    } finally {
      await database.close();
    }
    // The sign-up's code and the booking, each delivered once.
    expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(2);
    expect(log.filter((line) => /destroyed|not marked sent|error during shutdown/.test(line))).toEqual([]);
  });
});
