import { ReminderLinkPage } from "../../features/reminders/components/reminder-link-page";

/** /reminder/attend?token=…: a reminder's one-tap link (decision 046). */
export default function ReminderAttendRoute() {
  return <ReminderLinkPage action="attend" />;
}
