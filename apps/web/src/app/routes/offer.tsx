import { useCallback } from "react";
import { useNavigate, useParams } from "react-router";
import { paths } from "../../config/paths";
import { useSession } from "../../features/auth/session/session-context";
import { useSignInPaths } from "../../features/auth/session/route-guards";
import { OfferDetailPage } from "../../features/offers/components/offer-detail-page";
import { notFoundBoundary } from "../page-not-found-boundary";
import { NOT_FOUND_TEXTS } from "../not-found-texts";
import { WaitlistJoin } from "../../features/waitlist/components/waitlist-join";

export default function OfferRoute() {
  const { id = "" } = useParams();
  // The hinted signed-in shell shows the booking button at once, never "Accedi per prenotare" (decision 038).
  const { showSignedIn } = useSession();
  const navigate = useNavigate();
  const loginLink = { to: useSignInPaths(paths.offer(id)).login };
  const onBooked = useCallback(() => void navigate(paths.history()), [navigate]);
  return (
    <OfferDetailPage
      key={id}
      id={id}
      signedIn={showSignedIn}
      loginLink={loginLink}
      onBooked={onBooked}
      soldOut={(offer) => (
        <WaitlistJoin target={{ lastMinuteId: offer.id, people: 2 }} signedIn={showSignedIn} loginLink={loginLink} />
      )}
    />
  );
}

// Server rendering (decision 027): the loader fills the query cache this page reads.
export { offerLoader as loader } from "../page-loaders";
export const ErrorBoundary = notFoundBoundary(NOT_FOUND_TEXTS.offer);
