import { z } from "zod";

/**
 * The reminder's one-tap links (decision 046): "Ci sarò" and "Non riesco a venire", each a signed,
 * single-use token expiring at the booking's start. A GET of the link shows a page; only its
 * button POSTs, so a mail scanner following links never acts.
 */
export const reminderLinkRequestSchema = z.object({
  token: z
    .string({ error: "validation.invalidInput" })
    .min(20, "validation.invalidInput")
    .max(200, "validation.invalidInput")
    .regex(/^[\w-]+$/, "validation.invalidInput"),
});
export type ReminderLinkRequest = z.infer<typeof reminderLinkRequestSchema>;

export const REMINDER_ACTIONS = ["attend", "release"] as const;
export type ReminderAction = (typeof REMINDER_ACTIONS)[number];

/** GET /client/reservations/reminder-link?token=: what the link's page shows before its button. */
export const reminderLinkDetailsResponseSchema = z.object({
  success: z.literal(true),
  action: z.enum(REMINDER_ACTIONS),
  restaurantName: z.string(),
  /** "YYYY-MM-DD" and "HH:MM" on the restaurant's wall clock. */
  date: z.string(),
  time: z.string(),
  people: z.number(),
  /** Already said "Ci sarò". */
  attending: z.boolean(),
});
export type ReminderLinkDetailsResponse = z.output<typeof reminderLinkDetailsResponseSchema>;

/** POST …/attend-by-link and …/release-by-link: done, with a message for the diner. */
export const reminderLinkAnswerResponseSchema = z.object({
  success: z.literal(true),
  action: z.enum(REMINDER_ACTIONS),
  message: z.string(),
});
export type ReminderLinkAnswerResponse = z.output<typeof reminderLinkAnswerResponseSchema>;
