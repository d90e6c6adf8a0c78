import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./db/database";
import { migrate } from "./db/migrate";
import { registration, STRONG_PASSWORD, uniqueEmail } from "../test/auth-helpers";
import { addOffer, createOfferFixture, offerClosingIn } from "../test/offer-helpers";
import { createBookingFixture, romeDate, tableRequest } from "../test/reservation-helpers";
import { startServerProcess, type ServerProcess } from "../test/server-process";
import { eventually, startSmtpPeer, type SmtpPeer } from "../test/smtp-peer";
import { createTestDatabase } from "../test/test-database";
import { createTestApp } from "../test/test-app";

/**
 * The real server process is stopped (SIGTERM) and killed (SIGKILL right after a 201) and started
 * again on the same data: on embedded PGlite (DATA_DIR) and on PostgreSQL. Nothing is lost: the
 * diner, the sessions, the bookings, the offer's seats and the mail still waiting in the outbox,
 * which the restarted server delivers (decision 014).
 */
describe.each(["pglite", "postgres"] as const)("a server restart on %s", (engine) => {
  let smtp: SmtpPeer;
  let env: Record<string, string>;
  /** Opens the server's database from the test (PGlite: only while no server has it open). */
  let openData: () => Promise<Database>;
  let cleanup: () => Promise<void> = async () => {};
  let fixture: { restaurant: { id: string; tables: Record<number, string> }; offerId: string };

  beforeAll(async () => {
    smtp = await startSmtpPeer("refuse-temporary");
    const mail = {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Tavolo <no-reply@tavolo.test>",
      MAIL_RETRY_DELAY_SECONDS: "0.1",
      MAIL_RETRY_POLL_SECONDS: "0.1",
    };
    if (engine === "pglite") {
      const dataDir = mkdtempSync(path.join(tmpdir(), "tavolo-restart-"));
      // No JWT_SECRET: the one the first start generates into DATA_DIR must be found again.
      env = { ...mail, DATA_DIR: dataDir };
      openData = async () => {
        const database = await openDatabase({ dataDir });
        await migrate(database);
        return database;
      };
      cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
    } else {
      const created = await createTestDatabase("postgres");
      await created.database.close();
      env = { ...mail, DATABASE_URL: created.url!, JWT_SECRET: "restart-test-secret-restart-test-secret-0123" };
      openData = () => openDatabase({ databaseUrl: created.url! });
      cleanup = created.drop;
    }
    // The catalogue a booking needs, written as the import would, before any server runs.
    const database = await openData();
    const t = await createTestApp({ database });
    try {
      const booking = await createBookingFixture(t);
      const offers = await createOfferFixture(t);
      const offerId = await addOffer(t, offerClosingIn(offers.milano, 240, { totalSeats: 6 }));
      fixture = { restaurant: booking.allDay, offerId };
    } finally {
      await t.app.close();
      await database.close();
    }
  });
  afterAll(async () => {
    await smtp?.stop();
    await cleanup();
  });

  /** The fields of the answers this test reads (which ones an answer has depends on the route). */
  interface Answer {
    userId: string;
    token: string;
    refreshToken: string;
    reservation: { id: string };
    reservations: Array<{ id: string }>;
    offer: Record<string, unknown>;
  }
  const call = async (server: ServerProcess, url: string, body?: object, token?: string) => {
    const res = await fetch(server.url + url, {
      method: body ? "POST" : "GET",
      headers: {
        ...(body ? { "content-type": "application/json" } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Answer };
  };
  const bookTable = (server: ServerProcess, token: string, table: number, day: number) =>
    call(server, "/api/client/makeReservation", tableRequest(fixture.restaurant, table, romeDate(day), "20:00"), token);

  it("keeps the diner, sessions, bookings, seats and waiting mail through SIGTERM and SIGKILL", async () => {
    const email = uniqueEmail("restart");
    let server = await startServerProcess(env);
    let session: { userId: string; token: string; refreshToken: string };
    const bookings: string[] = [];
    try {
      const registered = await call(server, "/api/client/register", registration({ email }));
      expect(registered.status).toBe(201);
      session = registered.body;
      const table = await bookTable(server, session.token, 1, 2);
      expect(table.status).toBe(201);
      const offer = await call(
        server,
        "/api/client/bookLastMinute",
        { lastMinuteId: fixture.offerId, people: 2 },
        session.token,
      );
      expect(offer.status).toBe(201);
      bookings.push(table.body.reservation.id, offer.body.reservation.id);
      // The mail server refuses: the three messages wait in the outbox.
      await eventually(() => (smtp.refused.filter((to) => to === email).length >= 3 ? true : undefined));
      expect(smtp.received).toHaveLength(0);
    } finally {
      expect(await server.stop("SIGTERM")).toEqual({ code: 0, signal: null });
    }

    smtp.mode = "accept";
    server = await startServerProcess(env);
    try {
      // Same secret, same sessions: the access token still works and the refresh token rotates.
      const history = await call(server, `/api/client/getUserReservations/${session.userId}`, undefined, session.token);
      expect(history.status).toBe(200);
      expect(history.body.reservations.map((r) => r.id).sort()).toEqual([...bookings].sort());
      const refreshed = await call(server, "/api/client/refresh-token", { refreshToken: session.refreshToken });
      expect(refreshed.status).toBe(200);
      session = { ...session, token: refreshed.body.token, refreshToken: refreshed.body.refreshToken };
      const offer = await call(server, `/api/client/getLastMinuteById/${fixture.offerId}`);
      expect(offer.body.offer).toMatchObject({ totalSeats: 6, currentAvailableSeats: 4 });
      // The restarted server's worker delivers what waited, each message once.
      await eventually(() => (smtp.received.filter((m) => m.to.includes(email)).length >= 3 ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const delivered = smtp.received.filter((m) => m.to.includes(email));
      expect(delivered).toHaveLength(3);
      expect(new Set(delivered.map((m) => m.messageId)).size).toBe(3);

      // A crash right after the answer: a booking that was answered 201 is committed.
      const crashed = await bookTable(server, session.token, 2, 3);
      expect(crashed.status).toBe(201);
      bookings.push(crashed.body.reservation.id);
    } finally {
      expect(await server.stop("SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });
    }

    server = await startServerProcess(env);
    try {
      const history = await call(server, `/api/client/getUserReservations/${session.userId}`, undefined, session.token);
      expect(history.body.reservations.map((r) => r.id).sort()).toEqual([...bookings].sort());
      const login = await call(server, "/api/client/login", { email, password: STRONG_PASSWORD });
      expect(login.status).toBe(200);
      const refreshed = await call(server, "/api/client/refresh-token", { refreshToken: session.refreshToken });
      expect(refreshed.status).toBe(200);
    } finally {
      expect(await server.stop("SIGTERM")).toEqual({ code: 0, signal: null });
    }

    // The crashed booking's mail is in the outbox too (sent before the kill, or waiting for a worker).
    const database = await openData();
    try {
      const mails = await database.db
        .selectFrom("mail_outbox")
        .select(["template", "sent_at", "failed_at"])
        .where("to_address", "=", email)
        .execute();
      expect(mails.map((m) => m.template).sort()).toEqual(
        ["reservation-booked", "reservation-booked", "reservation-booked", "verification-code"].sort(),
      );
      expect(mails.filter((m) => m.failed_at)).toEqual([]);
      // A real start hashes at OWASP's cost: only Vitest's own workers hash cheaper (decision 078).
      const { password_hash } = await database.db
        .selectFrom("users")
        .select("password_hash")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      expect(password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    } finally {
      await database.close();
    }
  });
});
