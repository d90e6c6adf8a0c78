import { useLocation, useParams, useSearchParams } from "react-router";
import { paths } from "../../config/paths";
import { useSession } from "../../features/auth/session/session-context";
import { useBookingLink } from "../../lib/booking-link";
import {
  RestaurantDetailPage,
  type ReserveLinkFor,
} from "../../features/restaurants/components/restaurant-detail-page";
import type { TableQuery } from "../../features/restaurants/api/table-search";
import { tableParamsFrom } from "../../features/restaurants/components/table-search-params";
import { WaitlistJoin } from "../../features/waitlist/components/waitlist-join";
import { HeldTables } from "../held-tables";
import { notFoundBoundary } from "../page-not-found-boundary";
import { NOT_FOUND_TEXTS } from "../not-found-texts";

export default function RestaurantRoute() {
  const { id = "" } = useParams();
  const { showSignedIn } = useSession();
  const bookingLink = useBookingLink();
  const location = useLocation();
  const [params] = useSearchParams();
  // Visitors go through /login, which brings them back to the reservation form; the URL carries the
  // way back, so the link works before the app runs (decisions 038, 065). The form opens on the day,
  // time and party the page's picker shows (decision 055).
  const reserveLink: ReserveLinkFor = (query) => ({ to: bookingLink(id, query) });
  const backTo = (location.state as { backTo?: string } | null)?.backTo;
  // A visitor joining the waitlist signs in and comes back to this very page and question.
  const toWaitlist = (table: TableQuery) => paths.login({ next: paths.restaurant(id, table) });
  return (
    <RestaurantDetailPage
      key={id}
      id={id}
      reserveLink={reserveLink}
      backTo={backTo}
      asked={tableParamsFrom(params)}
      notice={<HeldTables restaurantId={id} />}
      whenNothingFits={(table) => (
        <WaitlistJoin
          target={{ restaurantId: id, ...table }}
          signedIn={showSignedIn}
          loginLink={{ to: toWaitlist(table) }}
        />
      )}
    />
  );
}

// Server rendering (decision 027): the loader fills the query cache this page reads.
export { restaurantLoader as loader } from "../page-loaders";
export const ErrorBoundary = notFoundBoundary(NOT_FOUND_TEXTS.restaurant);
