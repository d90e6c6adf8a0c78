import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { BellIcon } from "../../../components/ui/icons";
import type { OfferSearch } from "../api/list-offers";
import { useRegisterCityInterest } from "../api/register-interest";
import styles from "./city-alert-offer.module.css";

interface Props {
  /** The city as the API names it (in the page's language). */
  city: string;
  search: Extract<OfferSearch, { mode: "city" }>;
  signedIn: boolean;
  /** Signed out: to the sign-in, which brings the diner back to this search. */
  onLoginRequired: () => void;
}

/**
 * "E-mail me about new offers in {city}", under every city's offer list, full or empty: new seats
 * matter most where a diner is already looking. The alert covers the nearby cities too when the
 * list does.
 */
export function CityAlertOffer({ city, search, signedIn, onLoginRequired }: Props) {
  const { t } = useTranslation();
  const register = useRegisterCityInterest();
  const notify = () => {
    if (!signedIn) {
      onLoginRequired();
      return;
    }
    register.mutate({ city: search.city, includeNearbyCities: search.includeNearbyCities, radius: search.radius });
  };
  if (register.isSuccess) {
    return (
      <div className={styles.alerts}>
        <Alert tone="success">{register.data.message}</Alert>
      </div>
    );
  }
  return (
    <div className={styles.alerts}>
      <p className={styles.text}>
        {search.includeNearbyCities
          ? t("offers.alertLeadNearby", { city, km: search.radius })
          : t("offers.alertLead", { city })}
        {signedIn ? null : <span className={styles.hint}> {t("offers.alertSignInHint")}</span>}
      </p>
      <Button
        variant="outline"
        icon={<BellIcon size={18} />}
        onClick={notify}
        loading={register.isPending}
        className={styles.notify}
      >
        {t("offers.notifyMe", { city })}
      </Button>
      {register.isError ? <Alert>{t("errors.failedToRegisterNotifications")}</Alert> : null}
    </div>
  );
}
