import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { OFFER_LIST_LIMIT } from "@tavolo/shared/offer-time";
import { ApiError } from "../../../lib/api-client";
import { Button } from "../../../components/ui/button";
import { useOfferList, type OfferSearch } from "../api/list-offers";
import { CityAlertOffer } from "./city-alert-offer";
import { OfferCard } from "./offer-card";
import styles from "./last-minute-section.module.css";

/** Cards above the fold on a phone and a laptop; later ones lazy-load their image. */
const EAGER_CARDS = 2;
/**
 * Offers shown before "show all": two rows on a laptop. Up to 50 cards, each with a live countdown,
 * would push the restaurants a long scroll down and cost the first render half a second on a
 * mid-range phone (decision 012, Lighthouse TBT on /search).
 */
const FIRST_OFFERS = 6;

interface Props {
  search: OfferSearch;
  signedIn: boolean;
  onLoginRequired: () => void;
}

export function OfferResults({ search, signedIn, onLoginRequired }: Props) {
  const { t } = useTranslation();
  const list = useOfferList(search);
  // Expanded for one search only: a new city, radius or cuisine starts with the first offers again.
  const searchKey = JSON.stringify(search);
  const [expandedFor, setExpandedFor] = useState<string | null>(null);
  const showAll = expandedFor === searchKey;
  const listRef = useRef<HTMLUListElement>(null);

  if (list.isPending) {
    return (
      <p className={`${styles.status} ${styles.pending}`} role="status" aria-busy="true">
        {t("offers.loading")}
      </p>
    );
  }

  if (list.isError) {
    const error = list.error;
    const unknownCity = error instanceof ApiError && error.code === "city_not_found";
    const network = error instanceof ApiError && (error.code === "network" || error.code === "timeout");
    return (
      <div className={styles.problem} role="alert">
        <p className={styles.problemTitle}>{unknownCity ? error.message : t("errors.failedToFetchOffers")}</p>
        {network ? <p>{error.message}</p> : null}
        {unknownCity ? null : (
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            {t("common.retry")}
          </Button>
        )}
      </div>
    );
  }

  const { offers, city, nearbyCities } = list.data;
  const km = search.radius;
  const where =
    search.mode === "gps"
      ? t("offers.around", { km })
      : search.includeNearbyCities
        ? t("offers.inCityNearby", { city: city?.name ?? search.city, km })
        : t("offers.inCity", { city: city?.name ?? search.city });

  return (
    <div aria-busy={list.isFetching || undefined}>
      <p className={styles.status} role="status">
        {where} · {/* The API sends at most OFFER_LIST_LIMIT offers: a full list means there may be more. */}
        {offers.length >= OFFER_LIST_LIMIT
          ? t("offers.countAtLeast", { count: offers.length })
          : t("offers.count", { count: offers.length })}
      </p>
      {search.mode === "city" && search.includeNearbyCities && nearbyCities ? (
        <p className={styles.hint}>
          {nearbyCities.length > 0
            ? t("offers.nearbyCities", { cities: nearbyCities.map((other) => other.name).join(", ") })
            : t("offers.noNearbyCities", { km })}
        </p>
      ) : null}
      {offers.length > 0 ? (
        <>
          <ul role="list" className={styles.grid} ref={listRef}>
            {(showAll ? offers : offers.slice(0, FIRST_OFFERS)).map((offer, index) => (
              <li key={offer.id}>
                <OfferCard offer={offer} eager={index < EAGER_CARDS} />
              </li>
            ))}
          </ul>
          {!showAll && offers.length > FIRST_OFFERS ? (
            <div className={styles.showAll}>
              <Button
                variant="outline"
                onClick={() => {
                  setExpandedFor(searchKey);
                  // Keyboard users land on the first card that appeared, not back at the top.
                  requestAnimationFrame(() =>
                    listRef.current?.children[FIRST_OFFERS]?.querySelector<HTMLElement>("a[href]")?.focus(),
                  );
                }}
              >
                {t("offers.showAll", { total: offers.length })}
              </Button>
            </div>
          ) : null}
        </>
      ) : search.mode === "city" ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{t("offers.emptyTitle")}</p>
          <p>{emptyCityText(t, search, city?.name ?? search.city)}</p>
        </div>
      ) : (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{t("offers.emptyTitle")}</p>
          <p>{t("offers.emptyGps", { km })}</p>
        </div>
      )}
      {search.mode === "city" ? (
        <CityAlertOffer
          city={city?.name ?? search.city}
          search={search}
          signedIn={signedIn}
          onLoginRequired={onLoginRequired}
        />
      ) : null}
    </div>
  );
}

/** Says what was searched: the cuisine filter and the nearby cities change what "no offers" means. */
function emptyCityText(
  t: (key: string, options?: Record<string, unknown>) => string,
  search: Extract<OfferSearch, { mode: "city" }>,
  city: string,
): string {
  const where = search.includeNearbyCities
    ? t("offers.inCityNearby", { city, km: search.radius })
    : t("offers.inCity", { city });
  return search.category === "all"
    ? t("offers.emptyCity", { where })
    : t("offers.emptyCityCuisine", { where, cuisine: t(`cuisine.${search.category}`) });
}
