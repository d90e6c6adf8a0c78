import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { WaitlistEntry } from "@tavolo/shared/waitlist";
import { errorMessage } from "../../../lib/api-client";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useLeaveWaitlist } from "../api/waitlist-api";
import { dayLabel } from "./waitlist-dates";
import styles from "./waitlist.module.css";

/** "In lista d'attesa": the diner's entries, each with its place in line and a way to leave. */
export function WaitlistEntries({ entries }: { entries: WaitlistEntry[] }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const leave = useLeaveWaitlist();
  const waiting = entries.filter((entry) => entry.status === "waiting");
  if (waiting.length === 0 && !leave.isSuccess) return null;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t("waitlist.list.title")}
      </h2>
      {leave.isSuccess ? <Alert tone="success">{leave.data.message}</Alert> : null}
      {leave.isError ? <Alert>{errorMessage(leave.error, t("waitlist.list.error"))}</Alert> : null}
      <ul className={styles.list}>
        {waiting.map((entry) => (
          <li key={entry.id} className={styles.item}>
            <span className={styles.entry}>
              <span className={styles.entryName}>{entry.restaurantName}</span>
              <span className={styles.entryMeta}>
                {entry.kind === "lastMinute"
                  ? t("waitlist.list.offerMeta", {
                      date: dayLabel(entry.date, i18n.language),
                      time: entry.timeFrom,
                      people: entry.people,
                    })
                  : entry.timeFrom === entry.timeTo
                    ? t("waitlist.list.tableMetaAt", {
                        date: dayLabel(entry.date, i18n.language),
                        time: entry.timeFrom,
                        people: entry.people,
                      })
                    : t("waitlist.list.tableMeta", {
                        date: dayLabel(entry.date, i18n.language),
                        from: entry.timeFrom,
                        to: entry.timeTo,
                        people: entry.people,
                      })}
              </span>
              <span className={styles.entryMeta}>{t("waitlist.list.position", { position: entry.position ?? 1 })}</span>
            </span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => leave.mutate(entry.id)}
              loading={leave.isPending && leave.variables === entry.id}
              aria-label={t("waitlist.list.leaveLabel", {
                restaurant: entry.restaurantName,
                date: dayLabel(entry.date, i18n.language),
              })}
            >
              {t("waitlist.list.leave")}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
