import { useWaitlist } from "../api/waitlist-api";
import { HoldBanner } from "./hold-banner";
import { WaitlistEntries } from "./waitlist-entries";

/** What /history shows above the bookings: a table held for the diner, then the lines they are in. */
export function HistoryWaitlist() {
  const entries = useWaitlist();
  if (!entries.data) return null;
  return (
    <>
      <HoldBanner entries={entries.data} />
      <WaitlistEntries entries={entries.data} />
    </>
  );
}
