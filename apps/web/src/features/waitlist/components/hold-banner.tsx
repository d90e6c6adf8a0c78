import { useTranslation } from "react-i18next";
import type { WaitlistEntry } from "@tavolo/shared/waitlist";
import { errorMessage } from "../../../lib/api-client";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useAnswerHold } from "../api/waitlist-api";
import { clockLabel, dayLabel } from "./waitlist-dates";
import styles from "./waitlist.module.css";

/**
 * A table held for the diner (decision 029): what, until when, and "Conferma" / decline. The hold's
 * time is the server's; once it has passed the server answers 410 and the list is read again.
 */
export function HoldBanner({ entries, className }: { entries: WaitlistEntry[]; className?: string }) {
  const { t, i18n } = useTranslation();
  const answer = useAnswerHold();
  const held = entries.flatMap((entry) => (entry.hold ? [entry.hold] : []));
  if (held.length === 0 && !answer.isSuccess && !answer.isError) return null;
  return (
    <div className={className ? `${styles.section} ${className}` : styles.section} aria-live="polite">
      {answer.isSuccess ? <Alert tone="success">{answer.data.message}</Alert> : null}
      {answer.isError ? <Alert>{errorMessage(answer.error, t("waitlist.hold.error"))}</Alert> : null}
      {held.map((hold) => {
        const busy = answer.isPending && answer.variables.holdId === hold.id;
        return (
          <section key={hold.id} className={styles.banner} aria-labelledby={`hold-${hold.id}`}>
            <h2 id={`hold-${hold.id}`} className={styles.title}>
              {t("waitlist.hold.title")}
            </h2>
            <p>
              {t("waitlist.hold.text", {
                restaurant: hold.restaurantName,
                date: dayLabel(hold.date, i18n.language),
                time: hold.time,
                people: hold.people,
                until: clockLabel(hold.expiresAt, i18n.language),
              })}
            </p>
            <div className={styles.actions}>
              <Button
                onClick={() => answer.mutate({ holdId: hold.id, answer: "confirm" })}
                loading={busy && answer.variables.answer === "confirm"}
                disabled={busy}
              >
                {t("waitlist.hold.confirm")}
              </Button>
              <Button
                variant="outline"
                onClick={() => answer.mutate({ holdId: hold.id, answer: "decline" })}
                loading={busy && answer.variables.answer === "decline"}
                disabled={busy}
              >
                {t("waitlist.hold.decline")}
              </Button>
            </div>
          </section>
        );
      })}
    </div>
  );
}
