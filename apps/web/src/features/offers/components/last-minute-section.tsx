import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CategoryFilter } from "@tavolo/shared/categories";
import { RADIUS_KM } from "@tavolo/shared/constants";
import { useSettled } from "../../../lib/use-settled";
import { Checkbox } from "../../../components/ui/checkbox";
import { MapPinIcon } from "../../../components/ui/icons";
import { SparkIcon } from "../../../components/ui/page-icons";
import { Spinner } from "../../../components/ui/spinner";
import type { OfferSearch } from "../api/list-offers";
import { OfferResults } from "./offer-results";
import { useGeolocation } from "../../../lib/use-geolocation";
import styles from "./last-minute-section.module.css";

interface Props {
  /** The city of the search field (URL), possibly empty. */
  city: string;
  category: CategoryFilter;
  /** Registering interest needs a session: where a signed-out diner goes instead. */
  signedIn: boolean;
  onLoginRequired: () => void;
  /**
   * The page's one radius (decision 055): the route holds it, since around the diner it also
   * reaches the restaurants listed below.
   */
  radius: number;
  onRadiusChange: (km: number) => void;
}

/**
 * The Last Minute block of /search: offers of the searched city (and its neighbours when asked),
 * or around the diner's position, above the regular restaurants.
 */
export function LastMinuteSection({ city, category, signedIn, onLoginRequired, radius, onRadiusChange }: Props) {
  const { t } = useTranslation();
  const geo = useGeolocation();
  const [includeNearby, setIncludeNearby] = useState<boolean>(false);
  const settledRadius = useSettled(radius, 350);
  const radiusId = useId();
  const gpsOn = geo.state.status === "on";
  // In a city the radius only picks the nearby cities (decision 022): without them it does nothing,
  // so it is disabled and says why rather than move without effect.
  const radiusApplies = gpsOn || includeNearby;

  const search: OfferSearch | null =
    geo.state.status === "on"
      ? { mode: "gps", lat: geo.state.lat, lng: geo.state.lng, radius: settledRadius, category }
      : city
        ? { mode: "city", city, includeNearbyCities: includeNearby, radius: settledRadius, category }
        : null;

  return (
    <div className={styles.section}>
      <div className={styles.head}>
        <h2 className={styles.title}>
          <SparkIcon size={22} /> {t("offers.sectionTitle")}
        </h2>
        <p className={styles.lead}>{t("offers.sectionLead")}</p>
      </div>

      <div className={styles.controls}>
        <button
          type="button"
          className={`${styles.gps} ${gpsOn ? styles.gpsOn : ""}`}
          aria-pressed={gpsOn}
          onClick={() => (gpsOn ? geo.stop() : geo.start())}
          disabled={geo.state.status === "locating"}
        >
          {geo.state.status === "locating" ? <Spinner size={16} /> : <MapPinIcon size={18} />}
          <span>{geo.state.status === "locating" ? t("offers.locating") : t("offers.useLocation")}</span>
        </button>
        <Checkbox
          className={styles.nearby}
          label={t("offers.nearbyLabel")}
          checked={includeNearby && !gpsOn}
          disabled={gpsOn}
          onChange={(event) => setIncludeNearby(event.target.checked)}
          aria-describedby={gpsOn ? `${radiusId}-gps` : undefined}
        />
        {gpsOn ? (
          <p id={`${radiusId}-gps`} className={styles.hint}>
            {t("offers.nearbyDisabledHint")}
          </p>
        ) : null}
        <div className={`${styles.radius} ${radiusApplies ? "" : styles.radiusOff}`}>
          <label htmlFor={radiusId} className={styles.radiusLabel}>
            {t("offers.radiusLabel")} <span>{t("offers.radiusValue", { km: radius })}</span>
          </label>
          <input
            id={radiusId}
            type="range"
            min={RADIUS_KM.min}
            max={RADIUS_KM.max}
            step={1}
            value={radius}
            aria-valuetext={t("offers.radiusValue", { km: radius })}
            onChange={(event) => onRadiusChange(Number(event.target.value))}
            className={styles.slider}
            disabled={!radiusApplies}
            aria-describedby={radiusApplies ? undefined : `${radiusId}-city`}
          />
          {radiusApplies ? null : (
            <p id={`${radiusId}-city`} className={styles.hint}>
              {t("offers.radiusCityHint")}
            </p>
          )}
        </div>
      </div>

      {geo.state.status === "error" ? (
        <p className={styles.locationError} role="alert">
          {t("errors.locationError")}
        </p>
      ) : null}

      {search ? (
        <OfferResults search={search} signedIn={signedIn} onLoginRequired={onLoginRequired} />
      ) : (
        <p className={styles.prompt}>{t("offers.prompt")}</p>
      )}
    </div>
  );
}
