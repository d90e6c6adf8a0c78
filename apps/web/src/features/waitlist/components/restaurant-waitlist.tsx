import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { addDays, minutesOfDay, timeOfDay } from "@tavolo/shared/dates";
import { PEOPLE_PER_RESERVATION } from "@tavolo/shared/constants";
import { paths } from "../../../config/paths";
import { timeIn, todayIn } from "../../../lib/dates";
import { ButtonLink } from "../../../components/ui/button";
import { Select } from "../../../components/ui/select";
import { TextField } from "../../../components/ui/text-field";
import { freeSlotsQuery } from "../api/waitlist-api";
import { WaitlistJoin } from "./waitlist-join";
import styles from "./waitlist.module.css";

/** Tonight's default question: 20:00, or the next quarter hour once 20:00 is near; tomorrow after 22:00. */
function defaultMoment(timeZone: string): { date: string; time: string } {
  const now = minutesOfDay(timeIn(timeZone));
  const today = todayIn(timeZone);
  if (now >= 22 * 60) return { date: addDays(today, 1), time: "20:00" };
  const next = Math.ceil((now + 30) / 15) * 15;
  return { date: today, time: timeOfDay(Math.max(20 * 60, next)) };
}

interface Props {
  restaurantId: string;
  timeZone: string;
  signedIn: boolean;
  loginLink: { to: string; state?: unknown };
}

/**
 * The restaurant page's "is there a table at …?" question: a free time leads to the booking form,
 * none to the waitlist control (issue 17).
 */
export function RestaurantWaitlist({ restaurantId, timeZone, signedIn, loginLink }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const initial = defaultMoment(timeZone);
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [people, setPeople] = useState(2);
  const slots = useQuery({ ...freeSlotsQuery(restaurantId, date, people), enabled: Boolean(date) });
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{2}:\d{2}$/.test(time);
  const free = slots.data?.slots.includes(time) ?? false;

  return (
    <section className={styles.box} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t("waitlist.restaurant.title")}
      </h2>
      <div className={styles.fields}>
        <TextField
          label={t("waitlist.restaurant.date")}
          type="date"
          value={date}
          min={todayIn(timeZone)}
          onChange={(event) => setDate(event.target.value)}
        />
        <TextField
          label={t("waitlist.restaurant.time")}
          type="time"
          step={900}
          value={time}
          onChange={(event) => setTime(event.target.value)}
        />
        <Select
          label={t("waitlist.restaurant.people")}
          value={String(people)}
          onChange={(event) => setPeople(Number(event.target.value))}
          options={Array.from({ length: PEOPLE_PER_RESERVATION.max }, (_, index) => ({
            value: String(index + 1),
            label: String(index + 1),
          }))}
        />
      </div>
      {!valid || slots.isPending ? null : free ? (
        <div className={styles.actions} role="status">
          <p className={styles.text}>{t("waitlist.restaurant.free", { time })}</p>
          <ButtonLink to={paths.reservation(restaurantId)} size="sm">
            {t("waitlist.restaurant.book")}
          </ButtonLink>
        </div>
      ) : (
        <WaitlistJoin target={{ restaurantId, date, time, people }} signedIn={signedIn} loginLink={loginLink} />
      )}
    </section>
  );
}
