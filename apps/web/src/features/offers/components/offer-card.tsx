import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { LastMinuteOffer } from "@tavolo/shared/offers";
import { paths } from "../../../config/paths";
import { Tag } from "../../../components/ui/chip";
import { CalendarIcon, MapPinIcon } from "../../../components/ui/icons";
import { ClockIcon, SparkIcon, UsersIcon } from "../../../components/ui/page-icons";
import { OfferCountdown } from "./offer-countdown";
import styles from "./offer-card.module.css";
import { formatDistance } from "../../../lib/intl-format";

interface Props {
  offer: LastMinuteOffer;
  eager?: boolean;
}

/** One offer in a list: the whole card opens the offer (through its heading link). */
export function OfferCard({ offer, eager = false }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        <img
          src={offer.restaurantImageUrl}
          alt=""
          width={640}
          height={400}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className={styles.image}
        />
        <span className={styles.badge}>
          <SparkIcon size={14} /> {t("offers.badge")}
        </span>
        {offer.discountPercent ? (
          <span className={styles.discount}>{t("offers.discount", { percent: offer.discountPercent })}</span>
        ) : null}
      </div>
      <div className={styles.body}>
        <h3 className={styles.name}>
          <Link to={paths.offer(offer.id)} className={styles.link}>
            {offer.restaurantName}
          </Link>
        </h3>
        <p className={styles.place}>
          <MapPinIcon size={16} />
          <span>
            {offer.city}
            {offer.distanceKm !== null
              ? ` · ${t("offers.distance", { distance: formatDistance(offer.distanceKm, i18n.resolvedLanguage ?? "it") })}`
              : ""}
          </span>
        </p>
        <ul role="list" className={styles.facts}>
          <li>
            <CalendarIcon size={16} /> {offer.formattedDate}
          </li>
          <li>
            <ClockIcon size={16} /> {t("offers.timeRange", { start: offer.startTime, end: offer.endTime })}
          </li>
          <li className={styles.seats}>
            <UsersIcon size={16} /> {t("offers.seatsLeft", { count: offer.currentAvailableSeats })}
          </li>
        </ul>
        <ul role="list" className={styles.tags} aria-label={t("restaurant.cuisines")}>
          {offer.categories.map((category) => (
            <li key={category}>
              <Tag>{t(`cuisine.${category}`, { defaultValue: category })}</Tag>
            </li>
          ))}
        </ul>
        <div className={styles.deadline}>
          <OfferCountdown expiresAt={offer.expiresAt} timeZone={offer.timeZone} compact />
          <span className={styles.until}>{t("offers.bookUntil", { time: offer.bookUntil })}</span>
        </div>
      </div>
    </article>
  );
}
