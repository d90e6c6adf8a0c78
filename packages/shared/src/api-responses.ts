import { z } from "zod";

/**
 * The parts of every answer's contract that no one domain owns (decision 020): the single error
 * envelope, the statuses a route documents with it, and the plain "done" answer. Each domain's own
 * answers live beside its requests (restaurants.ts, reservations.ts...).
 */

/**
 * Every error body (DESIGN §5): `{ success:false, error, code }`, `error` in the request's language,
 * plus the extra fields the spec names for some errors. Loose: a field added by a later error is
 * passed on by the serializer rather than dropped.
 */
export const apiErrorSchema = z.looseObject({
  success: z.literal(false),
  /** The message for a person, already translated. */
  error: z.string(),
  /** The machine code clients branch on (`table_taken`, `validation_error`...). */
  code: z.string(),
  /** validation_error: one entry per refused field (`field` is a dotted path, null for the body). */
  fields: z.array(z.object({ field: z.string().nullable(), message: z.string() })).optional(),
  /** user_exists, ACCOUNT_NOT_REGISTERED (SPEC §8). */
  type: z.string().optional(),
  redirectToLogin: z.boolean().optional(),
  /** Seconds to wait, also sent as Retry-After (429 cooldowns and limits). */
  retryAfter: z.number().optional(),
  /** table_available (joining a waitlist): the window's free times, to book instead. */
  slots: z.array(z.string()).optional(),
  /** offer_sold_out when fewer seats are left than asked for. */
  availableSeats: z.number().optional(),
  /** ACCOUNT_NOT_REGISTERED: the Google identity to register with. */
  email: z.string().optional(),
  name: z.string().optional(),
});
export type ApiErrorBody = z.output<typeof apiErrorSchema>;

/** What each error status means on this API; the OpenAPI document shows it beside the envelope. */
const ERROR_STATUS_MEANINGS = {
  400: "Invalid input (validation_error with fields, or a rule of the request refused)",
  401: "Not signed in, or the token or credentials are not valid",
  403: "The object belongs to another user, or the action is not allowed for this account",
  404: "The object does not exist",
  409: "Conflict with the current state (taken, sold out, already exists)",
  410: "Gone: the object's time ran out (a hold that expired, decision 029)",
  413: "Request body too large",
  415: "Unsupported media type (send application/json)",
  422: "Idempotency-Key reused with another request",
  429: "Too many requests: wait retryAfter seconds (also in Retry-After)",
  500: "Unexpected failure, named where the spec gives it a message of its own (registration_failed)",
  502: "The identity provider refused or failed",
  503: "Temporarily unavailable (overloaded, database, mail or SMS down, Google sign-in not configured): retry after Retry-After",
} as const;
export type ErrorStatus = keyof typeof ERROR_STATUS_MEANINGS;

/**
 * The `schema.response` entries of the error statuses a route can answer, each the shared envelope:
 * `response: { 200: someResponseSchema, ...errorResponses(400, 401, 404) }`. The API adds the
 * statuses no route decides itself (400/413/415 of body parsing, 503 of load shedding) to every
 * route that documents its responses (apps/api/src/plugins/framework-responses.ts).
 */
export function errorResponses<const S extends ErrorStatus>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(
    statuses.map((status) => [status, apiErrorSchema.describe(ERROR_STATUS_MEANINGS[status])]),
  ) as Record<S, typeof apiErrorSchema>;
}

/** Statuses every route that reads a JSON body can answer before its handler runs. */
export const BODY_ERROR_STATUSES = [400, 413, 415] as const satisfies readonly ErrorStatus[];

/** A request done, with a message for the person (logout, password reset, resend...). */
export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.output<typeof messageResponseSchema>;

/**
 * A 302 for browser navigation (e-mail links, the Google sign-in hops): no body, so the OpenAPI
 * document shows the status and where it leads without a content schema.
 */
export const redirectResponse = (description: string) => z.null().meta({ type: "null", description });
