import type { To } from "react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { RestaurantDetail, Table } from "@tavolo/shared/restaurants";
import { FavoriteButton } from "../../../components/ui/favorite-button";
import { ButtonLink } from "../../../components/ui/button";
import { Tag } from "../../../components/ui/chip";
import { CalendarIcon, MapPinIcon, PhoneIcon } from "../../../components/ui/icons";
import { UsersIcon } from "../../../components/ui/page-icons";
import { HoursToday, OpeningHoursTable } from "./opening-hours";
import { SlotPicker } from "./slot-picker";
import type { TableQuery } from "../api/table-search";
import { PriceRange, Rating } from "./rating";
import { TablesList } from "./tables-list";
import { useTableChoice } from "./use-table-choice";
import type { ReservationQuery } from "../../../config/paths";
import { Fact } from "../../../components/ui/fact";
import styles from "./restaurant-detail-page.module.css";

/** Where "Prenota un tavolo" leads: the form, or sign-in with the way back. */
export interface ReserveLink {
  to: To;
  state?: unknown;
}

/** The link "Prenota un tavolo" takes, for the day, time and party the picker shows. */
export type ReserveLinkFor = (query: ReservationQuery) => ReserveLink;

interface Props {
  restaurant: RestaurantDetail;
  tables: Table[] | undefined;
  /** The seating the tables are described at ("HH:MM"); null when none is left today. */
  tablesTime: string | null | undefined;
  tablesLoading: boolean;
  tablesError: boolean;
  reserveLink: ReserveLinkFor;
  timeZone: string;
  asked?: Partial<TableQuery>;
  whenNothingFits?: (table: TableQuery) => ReactNode;
}

export const mapsUrl = (restaurant: Pick<RestaurantDetail, "lat" | "lng">) =>
  `https://www.google.com/maps/search/?api=1&query=${restaurant.lat},${restaurant.lng}`;

export function RestaurantOverview({
  restaurant,
  tables,
  tablesTime,
  tablesLoading,
  tablesError,
  reserveLink,
  timeZone,
  asked,
  whenNothingFits,
}: Props) {
  const { t } = useTranslation();
  const image = restaurant.imageUrl || restaurant.image;
  // One choice for the picker and the button under it: the button books what the picker shows.
  const choice = useTableChoice({ openingHours: restaurant.openingHours, timeZone }, asked ?? {});
  const reserve = reserveLink(choice.reservation);
  return (
    <article className={styles.article}>
      <div className={styles.hero}>
        {image ? (
          <img src={image} alt="" width={640} height={400} className={styles.heroImage} fetchPriority="high" />
        ) : null}
      </div>
      {/*
        In the order a phone shows it (title, booking card, the rest), so a page painted while its
        HTML is still arriving does not move when the card comes in; a laptop places the card beside.
      */}
      <div className={styles.layout}>
        <header className={styles.head}>
          <p className={styles.kicker}>
            {t(`restaurantType.${restaurant.type}`, { defaultValue: restaurant.type })} · {restaurant.city}
          </p>
          <h1 className={styles.name}>{restaurant.name}</h1>
          <div className={styles.meta}>
            <Rating value={restaurant.rating} size="lg" />
            {restaurant.priceRange ? <PriceRange value={restaurant.priceRange} /> : null}
            <ul role="list" className={styles.tags} aria-label={t("restaurant.cuisines")}>
              {restaurant.categories.map((category) => (
                <li key={category}>
                  <Tag tone="brand">{t(`cuisine.${category}`)}</Tag>
                </li>
              ))}
            </ul>
          </div>
        </header>
        <aside className={styles.aside} aria-label={t("restaurant.infoTitle")}>
          <div className={styles.card}>
            <HoursToday hours={restaurant.openingHours} timeZone={timeZone} />
            <SlotPicker restaurant={{ ...restaurant, timeZone }} choice={choice} whenNothingFits={whenNothingFits} />
            <ButtonLink to={reserve.to} state={reserve.state} size="lg" fullWidth icon={<CalendarIcon size={20} />}>
              {t("restaurant.reserve")}
            </ButtonLink>
            <FavoriteButton restaurant={restaurant} look="inline" />
            <dl className={styles.facts}>
              <Fact icon={<MapPinIcon size={18} />} label={t("restaurant.address")}>
                <address className={styles.address}>{restaurant.address}</address>
                <a href={mapsUrl(restaurant)} target="_blank" rel="noopener noreferrer" className={styles.factLink}>
                  {t("restaurant.openInMaps")}
                  <span className="visually-hidden"> ({t("common.opensInNewTab")})</span>
                </a>
              </Fact>
              <Fact icon={<PhoneIcon size={18} />} label={t("restaurant.phone")}>
                <a href={`tel:${restaurant.phone.replace(/[^\d+]/g, "")}`} className={styles.factLink}>
                  {restaurant.phone}
                </a>
              </Fact>
              <Fact icon={<UsersIcon size={18} />} label={t("restaurant.capacity")}>
                {t("restaurant.capacityValue", { count: restaurant.capacity })}
              </Fact>
            </dl>
          </div>
        </aside>
        <div className={styles.main}>
          <section className={styles.section} aria-labelledby="about-title">
            <h2 id="about-title" className={styles.sectionTitle}>
              {t("restaurant.about")}
            </h2>
            <p className={styles.description}>{restaurant.description}</p>
          </section>

          <section className={styles.section} aria-labelledby="tables-title">
            <h2 id="tables-title" className={styles.sectionTitle}>
              {tablesTime ? t("restaurant.tablesTodayAt", { time: tablesTime }) : t("restaurant.tablesToday")}
            </h2>
            {tablesTime === null ? (
              <p className={styles.description}>{t("restaurant.noSeatingsLeftToday")}</p>
            ) : (
              <TablesList
                tables={tables ?? (tablesLoading ? undefined : restaurant.tables)}
                loading={tablesLoading}
                error={tablesError}
              />
            )}
          </section>

          <section className={styles.section} aria-labelledby="hours-title">
            <h2 id="hours-title" className={styles.sectionTitle}>
              {t("restaurant.openingHours")}
            </h2>
            <OpeningHoursTable hours={restaurant.openingHours} timeZone={timeZone} />
          </section>
        </div>
      </div>
    </article>
  );
}
