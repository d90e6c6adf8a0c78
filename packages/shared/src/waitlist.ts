import { z } from "zod";
import { PEOPLE_PER_RESERVATION } from "./constants";
import { CLOCK_TIME, minutesOfDay } from "./dates";
import { WAITLIST_MAX_WINDOW_MINUTES } from "./waitlist-window";
import { reservationSchema } from "./reservations";

export * from "./waitlist-window";

/**
 * The waitlist of decision 029: a diner waits for a table of a restaurant in a time window,
 * or for seats of a sold-out Last Minute offer; when one frees, the first fitting diner in line gets
 * it held for WAITLIST_HOLD_MINUTES and confirms or declines it. Messages are shared i18n keys.
 */

const people = z
  .number({ error: "validation.people" })
  .int("validation.people")
  .min(PEOPLE_PER_RESERVATION.min, "validation.people")
  .max(PEOPLE_PER_RESERVATION.max, "validation.people");
const time = (key: string) => z.string({ error: key }).regex(CLOCK_TIME, { error: key });

/**
 * POST /client/waitlist: `{ restaurantId, date, timeFrom, timeTo, people }` for a table, or
 * `{ lastMinuteId, people }` for an offer's seats. One object (not a union) so each wrong field gets
 * its own translated message.
 */
export const joinWaitlistRequestSchema = z
  .object({
    restaurantId: z.uuid({ error: "validation.restaurantIdInvalid" }).optional(),
    date: z.iso.date({ error: "validation.date" }).optional(),
    timeFrom: time("validation.time").optional(),
    timeTo: time("validation.time").optional(),
    lastMinuteId: z.uuid({ error: "validation.offerIdInvalid" }).optional(),
    people,
  })
  .superRefine((value, ctx) => {
    if ((value.restaurantId === undefined) === (value.lastMinuteId === undefined)) {
      ctx.addIssue({ code: "custom", path: ["restaurantId"], message: "validation.waitlistTarget" });
      return;
    }
    if (value.lastMinuteId !== undefined) {
      if (value.date !== undefined || value.timeFrom !== undefined || value.timeTo !== undefined)
        ctx.addIssue({ code: "custom", path: ["lastMinuteId"], message: "validation.waitlistTarget" });
      return;
    }
    for (const field of ["date", "timeFrom", "timeTo"] as const) {
      if (value[field] === undefined)
        ctx.addIssue({ code: "custom", path: [field], message: "validation.requiredFields" });
    }
    if (value.timeFrom === undefined || value.timeTo === undefined) return;
    const from = minutesOfDay(value.timeFrom);
    const to = minutesOfDay(value.timeTo);
    if (to < from || to - from > WAITLIST_MAX_WINDOW_MINUTES) {
      ctx.addIssue({ code: "custom", path: ["timeTo"], message: "validation.waitWindow" });
    }
  });
export type JoinWaitlistRequest = z.input<typeof joinWaitlistRequestSchema>;
export type JoinWaitlistInput = z.output<typeof joinWaitlistRequestSchema>;

export const waitlistEntryIdParamsSchema = z.object({ id: z.uuid({ error: "validation.waitlistEntryIdInvalid" }) });
export const holdIdParamsSchema = z.object({ id: z.uuid({ error: "validation.holdIdInvalid" }) });
/** POST /client/holds/confirm-by-link: the token of a hold mail's one-tap link. */
export const confirmHoldByLinkRequestSchema = z.object({
  token: z.string({ error: "validation.holdLinkInvalid" }).regex(/^[\w-]{20,100}$/, "validation.holdLinkInvalid"),
});

/**
 * waiting: in line; held: a hold is offered now; booked: its hold was confirmed; declined / lapsed:
 * its hold was refused or expired; left: the diner left; ended: the window passed while waiting.
 */
export const WAITLIST_ENTRY_STATUSES = ["waiting", "held", "booked", "declined", "lapsed", "left", "ended"] as const;
export type WaitlistEntryStatus = (typeof WAITLIST_ENTRY_STATUSES)[number];

/** A table or seats held for the diner until `expiresAt`. */
export const waitlistHoldSchema = z.object({
  /** The held reservation's id: what confirm and decline name. */
  id: z.string(),
  restaurantId: z.string(),
  restaurantName: z.string(),
  /** The restaurant's wall-clock date and start time of the held seating. */
  date: z.string(),
  time: z.string(),
  people: z.number(),
  tableNumber: z.number().nullable(),
  lastMinuteId: z.string().nullable(),
  expiresAt: z.string(),
});
export type WaitlistHold = z.output<typeof waitlistHoldSchema>;

/**
 * GET /client/holds/by-link?token=…: what the hold mail's link would confirm, while the link is
 * valid (decision 040); once spent or expired the route answers 410 with nothing of the hold.
 */
export const holdLinkDetailsResponseSchema = z.object({ success: z.literal(true), hold: waitlistHoldSchema });
export type HoldLinkDetailsResponse = z.output<typeof holdLinkDetailsResponseSchema>;

export const waitlistEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(["table", "lastMinute"]),
  restaurantId: z.string(),
  restaurantName: z.string(),
  lastMinuteId: z.string().nullable(),
  date: z.string(),
  timeFrom: z.string(),
  timeTo: z.string(),
  people: z.number(),
  status: z.enum(WAITLIST_ENTRY_STATUSES),
  /** 1 for the first in line among those waiting for the same restaurant and day (or offer); null unless waiting. */
  position: z.number().nullable(),
  createdAt: z.string(),
  /** The hold offered now, if any. */
  hold: waitlistHoldSchema.nullable(),
});
export type WaitlistEntry = z.output<typeof waitlistEntrySchema>;

export const waitlistEntryResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  entry: waitlistEntrySchema,
});
export type WaitlistEntryResponse = z.output<typeof waitlistEntryResponseSchema>;

/** GET /client/waitlist: the caller's waiting and holding entries, earliest joined first. */
export const waitlistResponseSchema = z.object({ success: z.literal(true), entries: z.array(waitlistEntrySchema) });
export type WaitlistResponse = z.output<typeof waitlistResponseSchema>;

/** Confirm: the booking the hold became. Decline: no booking. */
export const holdAnswerResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  reservation: reservationSchema.nullable(),
});
export type HoldAnswerResponse = z.output<typeof holdAnswerResponseSchema>;
