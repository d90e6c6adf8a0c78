import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { waitWindow, WAITLIST_DEFAULT_WINDOW_MINUTES } from "@tavolo/shared/waitlist-window";
import { paths } from "../../../config/paths";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { ChipLink } from "../../../components/ui/chip";
import { Select } from "../../../components/ui/select";
import { useJoinWaitlist } from "../api/waitlist-api";
import styles from "./waitlist.module.css";

/** What the diner waits for: a table at a restaurant around a time, or seats of a sold-out offer. */
export type WaitlistTarget =
  { restaurantId: string; date: string; time: string; people: number } | { lastMinuteId: string; people: number };

interface Props {
  target: WaitlistTarget;
  signedIn: boolean;
  /** Where a visitor signs in (and comes back from). */
  loginLink: { to: string; state?: unknown };
}

/**
 * The free times the server names when the diner asked to wait for a table that is free now
 * (409 table_available, decision 035): booked, not waited for.
 */
function freeTimesOf(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.code !== "table_available") return [];
  const slots = (error.body as { slots?: unknown } | null)?.slots;
  return Array.isArray(slots) ? slots.filter((slot): slot is string => typeof slot === "string") : [];
}

/** The windows offered around the wanted time, minutes each way (0: that seating only). */
const WINDOWS = [0, 30, WAITLIST_DEFAULT_WINDOW_MINUTES, 90] as const;

/**
 * "Avvisami se si libera un tavolo" (decision 029): shown where no slot fits. Joining puts the diner in
 * line; when a table frees, the first fitting diner gets it held for a few minutes (decision 029).
 */
export function WaitlistJoin({ target, signedIn, loginLink }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const join = useJoinWaitlist();
  const [minutes, setMinutes] = useState<number>(WAITLIST_DEFAULT_WINDOW_MINUTES);
  const isTable = "restaurantId" in target;

  const submit = () => {
    if (!isTable) return join.mutate({ lastMinuteId: target.lastMinuteId, people: target.people });
    const window = waitWindow(target.time, minutes);
    join.mutate({ restaurantId: target.restaurantId, date: target.date, people: target.people, ...window });
  };

  return (
    <section className={styles.box} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t("waitlist.join.title")}
      </h2>
      <p className={styles.text}>
        {isTable
          ? t("waitlist.join.tableText", { people: target.people, time: target.time })
          : t("waitlist.join.seatsText")}
      </p>
      {join.isSuccess ? (
        <Alert tone="success">
          <p>
            {join.data.entry.hold
              ? t("waitlist.join.joinedHeld")
              : t("waitlist.join.joined", { position: join.data.entry.position ?? 1 })}
          </p>
          <p>
            <ButtonLink to={paths.history()} variant="outline" size="sm">
              {join.data.entry.hold ? t("waitlist.join.seeHold") : t("waitlist.join.seeList")}
            </ButtonLink>
          </p>
        </Alert>
      ) : !signedIn ? (
        <div className={styles.actions}>
          <ButtonLink to={loginLink.to} state={loginLink.state} variant="outline">
            {t("waitlist.join.login")}
          </ButtonLink>
        </div>
      ) : (
        <>
          {isTable ? (
            <Select
              label={t("waitlist.join.window")}
              value={String(minutes)}
              onChange={(event) => setMinutes(Number(event.target.value))}
              options={WINDOWS.map((each) => {
                const window = waitWindow(target.time, each);
                return {
                  value: String(each),
                  label:
                    each === 0
                      ? t("waitlist.join.windowExact", { time: target.time })
                      : t("waitlist.join.windowAround", { from: window.timeFrom, to: window.timeTo }),
                };
              })}
            />
          ) : null}
          <div className={styles.actions}>
            <Button onClick={submit} loading={join.isPending}>
              {t("waitlist.join.button")}
            </Button>
          </div>
          {join.isError ? <Alert>{errorMessage(join.error, t("waitlist.join.error"))}</Alert> : null}
          {isTable && freeTimesOf(join.error).length > 0 ? (
            <div>
              <p className={styles.text}>{t("waitlist.join.freeTimes")}</p>
              <ul role="list" className={styles.freeTimes}>
                {freeTimesOf(join.error).map((time) => (
                  <li key={time}>
                    <ChipLink
                      to={paths.reservation(target.restaurantId, { date: target.date, time, people: target.people })}
                      aria-label={t("waitlist.join.bookAt", { time, count: target.people })}
                    >
                      {time}
                    </ChipLink>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
