import { instantOfWallClock, wallClockOf } from "@tavolo/shared/dates";
import type { MailAttachment } from "../db/schema-columns";

/** One booking as an iCalendar (RFC 5545) event, attached to the booking mails. */
export interface CalendarEvent {
  /** Stable across the booking and its cancellation, so calendars update the same event. */
  uid: string;
  /** 0 when booked; one more for each later version (a move, the cancellation; decision 025). */
  sequence: number;
  status: "CONFIRMED" | "TENTATIVE" | "CANCELLED";
  startsAt: Date;
  endsAt: Date;
  /** The restaurant's zone: times are written on its wall clock when we know the zone's rules. */
  timeZone: string;
  summary: string;
  location: string;
  description: string;
  url?: string;
  geo?: { lat: number; lng: number };
  /** When the file was written (DTSTAMP). */
  stamp: Date;
  /**
   * RFC 5546 (decision 044): REQUEST for a booking and each move (same UID, higher SEQUENCE),
   * CANCEL for its cancellation, so calendar apps update or remove the one event.
   */
  method: "REQUEST" | "CANCEL";
  /** MAIL_FROM's address: the sender of every version of the event. */
  organizer: { email: string; name: string };
  /** The diner. */
  attendee: { email: string; name: string };
}

/**
 * The zones whose rules we can write as a VTIMEZONE. Europe/Rome (every seeded restaurant) has
 * followed the EU rule since 1996: summer time from the last Sunday of March at 02:00 to the last
 * Sunday of October at 03:00. Other zones fall back to UTC times, which every calendar reads right.
 */
const VTIMEZONES: Record<string, string[]> = {
  "Europe/Rome": [
    "BEGIN:VTIMEZONE",
    "TZID:Europe/Rome",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0200",
    "TZNAME:CEST",
    "DTSTART:19700329T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:+0200",
    "TZOFFSETTO:+0100",
    "TZNAME:CET",
    "DTSTART:19701025T030000",
    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
  ],
};

const utcStamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/**
 * DTSTART or DTEND on the restaurant's wall clock (TZID) when its VTIMEZONE is in the file and the
 * local time names one instant; in UTC otherwise, e.g. an end in the hour that happens twice when
 * clocks go back (RFC 5545 lets DTSTART and DTEND mix the two forms).
 */
function timeProperty(name: "DTSTART" | "DTEND", at: Date, timeZone: string, withZone: boolean): string {
  const { date, time } = wallClockOf(at, timeZone);
  if (withZone && instantOfWallClock(date, time, timeZone)?.getTime() === at.getTime()) {
    return `${name};TZID=${timeZone}:${date.replaceAll("-", "")}T${time.replace(":", "")}00`;
  }
  return `${name}:${utcStamp(at)}`;
}

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Lines longer than 75 octets continue on the next line after a space, never inside a character. */
export function foldLine(line: string): string {
  // Most lines fit: one count of the octets instead of one per character (decision 074).
  if (Buffer.byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with the space
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** A CN parameter value: quoted, without the characters a quoted parameter cannot hold (RFC 5545 §3.2). */
const commonName = (name: string) => `"${name.replace(/["\r\n]/g, "")}"`;

/** The event as an .ics text: CRLF line ends, folded lines, RFC 5546 METHOD with ORGANIZER and ATTENDEE. */
export function renderCalendar(event: CalendarEvent): string {
  const vtimezone = VTIMEZONES[event.timeZone];
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Tavolo//Reservations//IT",
    "CALSCALE:GREGORIAN",
    `METHOD:${event.method}`,
    ...(vtimezone ?? []),
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    timeProperty("DTSTART", event.startsAt, event.timeZone, vtimezone !== undefined),
    timeProperty("DTEND", event.endsAt, event.timeZone, vtimezone !== undefined),
    `STATUS:${event.status}`,
    `ORGANIZER;CN=${commonName(event.organizer.name)}:mailto:${event.organizer.email}`,
    // The diner booked it: accepted already, and no reply is asked for.
    `ATTENDEE;CN=${commonName(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${event.attendee.email}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.geo ? [`GEO:${event.geo.lat};${event.geo.lng}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

export function calendarAttachment(filename: string, event: CalendarEvent): MailAttachment {
  return {
    filename,
    contentType: `text/calendar; charset=utf-8; method=${event.method}`,
    content: renderCalendar(event),
  };
}
