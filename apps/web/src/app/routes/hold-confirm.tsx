import { HoldConfirmPage } from "../../features/waitlist/components/hold-confirm-page";

/** Public: the token of the hold mail stands for the diner. */
export default function HoldConfirmRoute() {
  return <HoldConfirmPage />;
}
