import { ReminderLinkPage } from "../../features/reminders/components/reminder-link-page";

/** /reminder/release?token=…: a reminder's one-tap link (decision 046). */
export default function ReminderReleaseRoute() {
  return <ReminderLinkPage action="release" />;
}
