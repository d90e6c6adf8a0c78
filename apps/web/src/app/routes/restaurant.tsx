import { useLocation, useParams, useSearchParams } from "react-router";
import { paths } from "../../config/paths";
import { useSession } from "../../features/auth/session/session-context";
import type { ReturnState } from "../../features/auth/session/route-guards";
import { RestaurantDetailPage, type ReserveLink } from "../../features/restaurants/components/restaurant-detail-page";
import { tableParamsFrom } from "../../features/restaurants/components/table-search-params";
import { WaitlistJoin } from "../../features/waitlist/components/waitlist-join";
import { NOT_FOUND_TEXTS, notFoundBoundary } from "../page-not-found-boundary";

export default function RestaurantRoute() {
  const { id = "" } = useParams();
  const { status } = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const reservation = paths.reservation(id);
  // Visitors go through /login, which brings them back to the reservation form.
  const reserveLink: ReserveLink =
    status === "signedIn"
      ? { to: reservation }
      : { to: paths.login(), state: { from: reservation } satisfies ReturnState };
  const backTo = (location.state as { backTo?: string } | null)?.backTo;
  // A visitor joining the waitlist signs in and comes back to this very page and question.
  const here = location.pathname + location.search;
  return (
    <RestaurantDetailPage
      key={id}
      id={id}
      reserveLink={reserveLink}
      backTo={backTo}
      asked={tableParamsFrom(params)}
      whenNothingFits={(table) => (
        <WaitlistJoin
          target={{ restaurantId: id, ...table }}
          signedIn={status === "signedIn"}
          loginLink={{ to: paths.login(), state: { from: here } satisfies ReturnState }}
        />
      )}
    />
  );
}

// Server rendering (decision 027): the loader fills the query cache this page reads.
export { restaurantLoader as loader } from "../page-loaders";
export const ErrorBoundary = notFoundBoundary(NOT_FOUND_TEXTS.restaurant);
