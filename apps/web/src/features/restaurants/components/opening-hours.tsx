import { useTranslation } from "react-i18next";
import { WEEKDAYS, weekdayIn, type OpeningHours, type OpeningSlot } from "@tavolo/shared/opening-hours";
import { timeIn } from "../../../lib/dates";
import { useMountInstant } from "../../../lib/clock";
import { ClockIcon } from "../../../components/ui/page-icons";
import { Tag } from "../../../components/ui/chip";
import styles from "./opening-hours.module.css";

interface Props {
  hours: OpeningHours;
  timeZone: string;
  now?: Date;
}

const isOpenAt = (slot: OpeningSlot | null, time: string) => slot !== null && slot.open <= time && time < slot.close;

/** Today's hours in the restaurant's own zone, whatever the visitor's clock says. */
export function HoursToday({ hours, timeZone, now: given }: Props) {
  const { t } = useTranslation();
  const mounted = useMountInstant();
  const now = given ?? mounted;
  const slot = hours[weekdayIn(timeZone, now)];
  const open = isOpenAt(slot, timeIn(timeZone, now));
  return (
    <div className={styles.today}>
      <ClockIcon size={20} className={styles.todayIcon} />
      <div>
        <p className={styles.todayLabel}>{t("restaurant.hoursToday")}</p>
        <p className={styles.todayValue} data-testid="hours-today">
          {slot ? t("restaurant.todayHours", { open: slot.open, close: slot.close }) : t("restaurant.closedToday")}
        </p>
      </div>
      {slot ? (
        <Tag tone={open ? "success" : "neutral"}>{open ? t("restaurant.openNow") : t("restaurant.closedNow")}</Tag>
      ) : null}
    </div>
  );
}

export function OpeningHoursTable({ hours, timeZone, now: given }: Props) {
  const { t } = useTranslation();
  const mounted = useMountInstant();
  const now = given ?? mounted;
  const today = weekdayIn(timeZone, now);
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{t("restaurant.openingHours")}</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{t("restaurant.day")}</th>
          <th scope="col">{t("restaurant.hours")}</th>
        </tr>
      </thead>
      <tbody>
        {WEEKDAYS.map((day) => {
          const slot = hours[day];
          const isToday = day === today;
          return (
            <tr key={day} className={isToday ? styles.current : undefined} aria-current={isToday ? "date" : undefined}>
              <th scope="row" className={styles.day}>
                {t(`weekdays.${day}`)}
                {isToday ? <span className={styles.todayBadge}>{t("restaurant.today")}</span> : null}
              </th>
              <td className={slot ? styles.hours : styles.closed}>
                {slot ? `${slot.open} – ${slot.close}` : t("restaurant.closed")}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
