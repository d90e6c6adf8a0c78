import { NotificationsPage } from "../../features/account/components/notifications-page";
import { useSession } from "../../features/auth/session/session-context";
import { CityAlerts } from "../../features/offers/components/city-alerts";

export default function NotificationsRoute() {
  const { user } = useSession();
  return user ? (
    <NotificationsPage userId={user.id}>
      <CityAlerts userId={user.id} />
    </NotificationsPage>
  ) : null;
}
