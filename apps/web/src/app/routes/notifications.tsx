import { NotificationsPage } from "../../features/account/components/notifications-page";
import { useSession } from "../../features/auth/session/session-context";

export default function NotificationsRoute() {
  const { user } = useSession();
  return user ? <NotificationsPage userId={user.id} /> : null;
}
