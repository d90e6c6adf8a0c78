import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { Reservation } from "@tavolo/shared/reservations";
import { useFixture, useTestApp } from "../../../test/test-app";
import { latestMail, type OutboxMessage } from "../../../test/auth-helpers";
import {
  createBookingFixture,
  diner,
  makeReservation,
  modifyReservation,
  nextWeekday,
  reservationCount,
  romeDate,
} from "../../../test/reservation-helpers";

const t = useTestApp();
const f = useFixture(() => createBookingFixture(t));

type MailWithFiles = OutboxMessage & { attachments: { filename: string; contentType: string; content: string }[] };
async function mailTo(email: string, template: string): Promise<MailWithFiles> {
  await latestMail(t.app, email, template); // throws a readable error when there is none
  const res = await t.app.inject({ method: "GET", url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  return (res.json().messages as MailWithFiles[]).find((mail) => mail.template === template)!;
}
const unfolded = (ics: string) => ics.replace(/\r\n /g, "").split("\r\n");
const compact = (date: string) => date.replaceAll("-", "");

async function book(who: Awaited<ReturnType<typeof diner>>, body: Record<string, unknown>, headers = {}) {
  const res = await makeReservation(t, who, body, headers);
  expect(res.statusCode).toBe(201);
  return res.json().reservation as Reservation;
}

describe("booking mails", () => {
  it("confirm in the diner's language, whatever the request's, with the seating as an .ics event", async () => {
    const anna = await diner(t, { language: "en", firstName: "Anna" });
    const date = romeDate(2);
    const reservation = await book(
      anna,
      { restaurantId: f.allDay.id, tableId: f.allDay.tables[3], date, time: "20:00", numberOfPeople: 5 },
      { "accept-language": "it" },
    );
    const mail = await mailTo(anna.email, "reservation-booked");
    expect(mail.language).toBe("en");
    expect(mail.subject).toMatch(/^Reservation confirmed: Trattoria Sempre Aperta, \w+day, \d+ \w+ \d{4} at 20:00$/);
    expect(mail.text).toContain("Hi Anna,");
    expect(mail.text).toContain("Address: Via Roma 1, Milan");
    expect(mail.text).toContain("People: 5");
    expect(mail.text).toContain("Table: no. 3");
    expect(mail.text).toContain("http://localhost:3000/history");

    expect(mail.attachments).toHaveLength(1);
    const [ics] = mail.attachments;
    expect(ics).toMatchObject({
      filename: "tavolo-reservation.ics",
      contentType: expect.stringContaining("text/calendar"),
    });
    const lines = unfolded(ics!.content);
    expect(lines).toContain(`UID:${reservation.id}`);
    expect(lines).toContain(`DTSTART;TZID=Europe/Rome:${compact(date)}T200000`);
    expect(lines).toContain(`DTEND;TZID=Europe/Rome:${compact(date)}T213000`);
    expect(lines).toContain("STATUS:CONFIRMED");
    expect(lines).toContain("SUMMARY:Table at Trattoria Sempre Aperta");
  });

  it("tell a pending booking apart, in Italian, and keep special requests as text", async () => {
    const marco = await diner(t, { firstName: "Marco" });
    const date = nextWeekday(5);
    await book(marco, {
      restaurantId: f.dinner.id,
      tableId: f.dinner.tables[1],
      date,
      time: "19:30",
      numberOfPeople: 3,
      specialRequests: "<script>alert(1)</script>; allergia, noci",
    });
    const mail = await mailTo(marco.email, "reservation-booked");
    expect(mail.subject).toMatch(/^Richiesta di prenotazione: Osteria del Lunedì, venerdì \d+ \w+ \d{4} alle 19:30$/);
    expect(mail.text).toContain("Richieste speciali: <script>alert(1)</script>; allergia, noci");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    const lines = unfolded(mail.attachments[0]!.content);
    expect(lines).toContain("STATUS:TENTATIVE");
    expect(lines.find((line) => line.startsWith("DESCRIPTION:"))).toContain(
      "Richieste speciali: <script>alert(1)</script>\\; allergia\\, noci",
    );
  });

  it("tell of a cancellation, updating the same calendar event", async () => {
    const sara = await diner(t);
    const reservation = await book(sara, {
      restaurantId: f.allDay.id,
      tableId: f.allDay.tables[1],
      date: romeDate(3),
      time: "13:00",
      numberOfPeople: 2,
    });
    await t.app.inject({
      method: "POST",
      url: `/api/client/cancelReservation/${reservation.id}`,
      headers: sara.headers,
    });
    const mail = await mailTo(sara.email, "reservation-cancelled");
    expect(mail.subject).toMatch(/^Prenotazione annullata: Trattoria Sempre Aperta/);
    const lines = unfolded(mail.attachments[0]!.content);
    expect(lines).toEqual(expect.arrayContaining([`UID:${reservation.id}`, "STATUS:CANCELLED", "SEQUENCE:1"]));
  });

  it("sends RFC 5546 calendar messages: REQUEST when booked and moved, CANCEL when cancelled, one UID (decision 044)", async () => {
    const anna = await diner(t);
    const reservation = await book(anna, {
      restaurantId: f.allDay.id,
      tableId: f.allDay.tables[1],
      date: romeDate(4),
      time: "13:00",
      numberOfPeople: 2,
    });
    const moved = await modifyReservation(t, anna, reservation.id, {
      date: romeDate(4),
      time: "14:00",
      numberOfPeople: 2,
    });
    expect(moved.statusCode).toBe(200);
    await t.app.inject({
      method: "POST",
      url: `/api/client/cancelReservation/${reservation.id}`,
      headers: anna.headers,
    });

    const parsed = [];
    for (const template of ["reservation-booked", "reservation-moved", "reservation-cancelled"]) {
      const file = (await mailTo(anna.email, template)).attachments[0]!;
      // An independent parser reads what calendar apps will read.
      const calendar = new ICAL.Component(ICAL.parse(file.content));
      const event = calendar.getFirstSubcomponent("vevent")!;
      parsed.push({
        contentMethod: /method=(\w+)/.exec(file.contentType)?.[1],
        method: calendar.getFirstPropertyValue("method"),
        uid: event.getFirstPropertyValue("uid"),
        sequence: event.getFirstPropertyValue("sequence"),
        organizer: event.getFirstPropertyValue("organizer"),
        attendee: event.getFirstPropertyValue("attendee"),
      });
    }
    const common = {
      uid: reservation.id,
      organizer: `mailto:${t.config.mailFrom.replace(/^.*<|>$/g, "")}`,
      attendee: `mailto:${anna.email}`,
    };
    expect(parsed).toEqual([
      { ...common, contentMethod: "REQUEST", method: "REQUEST", sequence: 0 },
      { ...common, contentMethod: "REQUEST", method: "REQUEST", sequence: 1 },
      { ...common, contentMethod: "CANCEL", method: "CANCEL", sequence: 2 },
    ]);
  });

  it("commits a booking and its mail together: with the outbox unusable nothing is booked, and the table stays free", async () => {
    const luca = await diner(t);
    const before = await reservationCount(t);
    const booking = {
      restaurantId: f.allDay.id,
      tableId: f.allDay.tables[2],
      date: romeDate(4),
      time: "21:00",
      numberOfPeople: 2,
    };
    await sql`ALTER TABLE mail_outbox RENAME TO mail_outbox_unavailable`.execute(t.database.db);
    try {
      const refused = await makeReservation(t, luca, booking);
      expect(refused.statusCode).toBe(500);
      expect(refused.json()).toMatchObject({ success: false, code: "internal_error" });
    } finally {
      await sql`ALTER TABLE mail_outbox_unavailable RENAME TO mail_outbox`.execute(t.database.db);
    }
    // No booking without its confirmation mail (decision 014): the failed request left nothing behind.
    expect(await reservationCount(t)).toBe(before);
    const retried = await makeReservation(t, luca, booking);
    expect(retried.statusCode).toBe(201);
    expect(await reservationCount(t)).toBe(before + 1);
  });
});
