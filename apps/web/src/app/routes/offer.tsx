import { useParams } from "react-router";
import { paths } from "../../config/paths";
import { useSession } from "../../features/auth/session/session-context";
import type { ReturnState } from "../../features/auth/session/route-guards";
import { OfferDetailPage } from "../../features/offers/components/offer-detail-page";

export default function OfferRoute() {
  const { id = "" } = useParams();
  const { status } = useSession();
  const here = paths.offer(id);
  // Booking an offer needs a session; the booking flow itself arrives with the offers issue.
  const bookLink =
    status === "signedIn" ? { to: here } : { to: paths.login(), state: { from: here } satisfies ReturnState };
  return <OfferDetailPage key={id} id={id} bookLink={bookLink} />;
}
