import { NotificationsPage } from "../../features/account/components/notifications-page";

export default function NotificationsRoute() {
  return <NotificationsPage />;
}
