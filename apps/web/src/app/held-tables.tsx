import { lazy, Suspense } from "react";
import { useSession } from "../features/auth/session/session-context";
import { withRestOfMessages } from "../i18n/i18n";
import styles from "./held-tables.module.css";

// Signed-in only, with the waitlist's texts (the rest of the messages): a visitor's page downloads
// neither (decision 012).
const RunningHolds = lazy(() =>
  withRestOfMessages(import("../features/waitlist/components/running-holds")).then((module) => ({
    default: module.RunningHolds,
  })),
);

/** A table held for the signed-in diner, on Home (all of them) and on a restaurant's page (its own). */
export function HeldTables({ restaurantId }: { restaurantId?: string }) {
  const { status } = useSession();
  if (status !== "signedIn") return null;
  return (
    <Suspense fallback={null}>
      <RunningHolds restaurantId={restaurantId} className={restaurantId ? undefined : styles.home} />
    </Suspense>
  );
}
