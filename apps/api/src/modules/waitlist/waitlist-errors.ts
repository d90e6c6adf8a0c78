import { WAITLIST_MAX_ACTIVE_ENTRIES } from "@tavolo/shared/waitlist";
import { AppError, badRequest, notFound } from "../../errors";

/** The waitlist's refusals, each with its code and translated message (SPEC §8, decision 035). */
export const tooMany = () =>
  new AppError(409, "waitlist_limit", "apiErrors.waitlistTooMany", { max: WAITLIST_MAX_ACTIVE_ENTRIES });
export const duplicate = () => new AppError(409, "waitlist_duplicate", "apiErrors.waitlistDuplicate");
export const entryNotFound = () => notFound("waitlist_entry_not_found", "apiErrors.waitlistEntryNotFound");
export const windowPassed = () => badRequest("waitlist_window_passed", "apiErrors.waitlistWindowPassed");
export const offerNotFound = () => notFound("offer_not_found", "apiErrors.offerNotFound");
export const offerOpen = () => new AppError(409, "offer_has_seats", "apiErrors.waitlistOfferOpen");
export const offerClosed = () => new AppError(409, "offer_closed", "apiErrors.waitlistOfferClosed");
export const closedInWindow = () => badRequest("restaurant_closed", "apiErrors.waitlistRestaurantClosed");
/** 409 with the window's free times (`slots`), which the diner can book at once. */
export const tableAvailable = (slots: string[]) =>
  new AppError(409, "table_available", "apiErrors.waitlistTableAvailable", {}, { slots });
export const holdNotFound = () => notFound("hold_not_found", "apiErrors.holdNotFound");
/** 410: the hold existed and its time ran out; the table went on to the next in line. */
export const holdExpired = () => new AppError(410, "hold_expired", "apiErrors.holdExpired");
export const holdDeclined = () => new AppError(409, "hold_declined", "apiErrors.holdDeclined");
export const holdConfirmed = () => new AppError(409, "hold_confirmed", "apiErrors.holdConfirmed");
export const linkUsed = () => new AppError(410, "hold_link_used", "apiErrors.holdLinkUsed");
