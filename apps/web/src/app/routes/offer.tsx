import { useCallback } from "react";
import { useNavigate, useParams } from "react-router";
import { paths } from "../../config/paths";
import { useSession } from "../../features/auth/session/session-context";
import type { ReturnState } from "../../features/auth/session/route-guards";
import { OfferDetailPage } from "../../features/offers/components/offer-detail-page";
import { NOT_FOUND_TEXTS, notFoundBoundary } from "../page-not-found-boundary";
import { WaitlistJoin } from "../../features/waitlist/components/waitlist-join";

export default function OfferRoute() {
  const { id = "" } = useParams();
  const { status } = useSession();
  const navigate = useNavigate();
  const here = paths.offer(id);
  const onBooked = useCallback(() => void navigate(paths.history()), [navigate]);
  return (
    <OfferDetailPage
      key={id}
      id={id}
      signedIn={status === "signedIn"}
      loginLink={{ to: paths.login(), state: { from: here } satisfies ReturnState }}
      onBooked={onBooked}
      soldOut={(offer) => (
        <WaitlistJoin
          target={{ lastMinuteId: offer.id, people: 2 }}
          signedIn={status === "signedIn"}
          loginLink={{ to: paths.login(), state: { from: here } satisfies ReturnState }}
        />
      )}
    />
  );
}

// Server rendering (decision 027): the loader fills the query cache this page reads.
export { offerLoader as loader } from "../page-loaders";
export const ErrorBoundary = notFoundBoundary(NOT_FOUND_TEXTS.offer);
