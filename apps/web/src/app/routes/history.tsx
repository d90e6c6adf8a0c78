import { useSession } from "../../features/auth/session/session-context";
import { HistoryPage } from "../../features/reservations/components/history-page";
import { HistoryWaitlist } from "../../features/waitlist/components/history-waitlist";

/** Behind RequireAuth, so the user is there. */
export default function HistoryRoute() {
  const { user } = useSession();
  return user ? (
    <HistoryPage userId={user.id} phoneVerified={user.phoneVerified === true} top={<HistoryWaitlist />} />
  ) : null;
}
