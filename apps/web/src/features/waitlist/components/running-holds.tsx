import { useWaitlist } from "../api/waitlist-api";
import { HoldBanner } from "./hold-banner";

/**
 * The tables held for the diner right now, with Conferma and Rinuncia: on Home, and on a restaurant's
 * page for that restaurant only (decision 040). A hold lasts minutes; /history alone was too far.
 */
export function RunningHolds({ restaurantId, className }: { restaurantId?: string; className?: string }) {
  const entries = useWaitlist();
  if (!entries.data) return null;
  const here = restaurantId ? entries.data.filter((entry) => entry.restaurantId === restaurantId) : entries.data;
  return <HoldBanner entries={here} className={className} />;
}
