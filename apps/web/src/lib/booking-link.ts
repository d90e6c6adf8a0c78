import { createContext, useContext } from "react";
import { paths, type ReservationQuery } from "../config/paths";

/** Where a link to book at this restaurant, for this seating, leads. */
export type BookingLinkFor = (restaurantId: string, seating: Omit<ReservationQuery, "modify">) => string;

const toForm: BookingLinkFor = (restaurantId, seating) => paths.reservation(restaurantId, seating);
const toSignInFirst: BookingLinkFor = (restaurantId, seating) =>
  paths.login({ next: paths.reservation(restaurantId, seating) });

/**
 * A time chip or «Prenota un tavolo» leads a signed-in diner to the booking form, and a visitor to
 * the sign-in page, which brings them back to it (decision 065). Written into the link itself, so a
 * tap before the app runs goes straight there instead of loading the form only to be sent on. The
 * app provides the rule from the session (app/providers.tsx); alone (a test of a feature), the form.
 */
export const BookingLinkContext = createContext<BookingLinkFor>(toForm);

export const bookingLinkFor = (signedIn: boolean): BookingLinkFor => (signedIn ? toForm : toSignInFirst);

export function useBookingLink(): BookingLinkFor {
  return useContext(BookingLinkContext);
}
