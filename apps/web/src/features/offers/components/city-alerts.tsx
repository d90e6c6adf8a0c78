import { useTranslation } from "react-i18next";
import type { CityInterest } from "@tavolo/shared/offers";
import { errorMessage } from "../../../lib/api-client";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/page";
import { LoadingRegion, Skeleton } from "../../../components/ui/spinner";
import { useCityInterests, useRemoveCityInterest } from "../api/city-interests";
import styles from "./city-alerts.module.css";

/**
 * The Last Minute city alerts the diner registered from the offer lists, each removable. Lives in
 * the offers feature; the notifications route places its card under the notification settings.
 */
export function CityAlerts({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const interests = useCityInterests(userId);
  const remove = useRemoveCityInterest();

  return (
    <Card className={styles.card}>
      <section aria-labelledby="city-alerts-title">
        <h2 id="city-alerts-title" className={styles.title}>
          {t("notifications.cityAlertsTitle")}
        </h2>
        <p className={styles.hint}>{t("notifications.cityAlertsHint")}</p>
        {interests.isPending ? (
          <LoadingRegion>
            <Skeleton height={56} />
          </LoadingRegion>
        ) : interests.isError ? (
          <Alert>{errorMessage(interests.error, t("notifications.cityAlertsLoadError"))}</Alert>
        ) : interests.data.length === 0 ? (
          <p className={styles.empty}>{t("notifications.cityAlertsEmpty")}</p>
        ) : (
          <ul className={styles.list}>
            {interests.data.map((interest) => (
              <CityAlertRow
                key={interest.city.slug}
                interest={interest}
                // Only the row being removed waits; the others stay usable.
                removing={remove.isPending && remove.variables === interest.city.slug}
                onRemove={() => remove.mutate(interest.city.slug)}
              />
            ))}
          </ul>
        )}
        {remove.isError ? <Alert>{errorMessage(remove.error, t("notifications.cityAlertRemoveError"))}</Alert> : null}
      </section>
    </Card>
  );
}

function CityAlertRow({
  interest,
  removing,
  onRemove,
}: {
  interest: CityInterest;
  removing: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const city = interest.city.name;
  return (
    <li className={styles.item}>
      <span className={styles.city}>
        <span className={styles.name}>{city}</span>
        <span className={styles.scope}>
          {interest.includeNearbyCities
            ? t("notifications.cityAlertNearby", { city, km: interest.radius })
            : t("notifications.cityAlertOnlyCity", { city })}
        </span>
      </span>
      <Button
        variant="outline"
        size="sm"
        loading={removing}
        aria-label={t("notifications.cityAlertRemoveLabel", { city })}
        onClick={onRemove}
      >
        {t("notifications.cityAlertRemove")}
      </Button>
    </li>
  );
}
