import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api-client";
import { useDocumentTitle } from "../../lib/use-document-title";
import { paths } from "../../config/paths";
import { ButtonLink } from "../../components/ui/button";
import { ErrorState } from "../../components/ui/error-state";
import { CalendarIcon } from "../../components/ui/icons";
import { Card, Page } from "../../components/ui/page";
import { Skeleton } from "../../components/ui/spinner";
import { useSession } from "../../features/auth/session/session-context";
import { ReservationForm } from "../../features/reservations/components/reservation-form";
import { useRestaurant } from "../../features/restaurants/api/get-restaurant";

/** Composition: the restaurant (restaurants feature) handed to the booking form (reservations feature). */
export default function ReservationRoute() {
  const { t } = useTranslation();
  const { restaurantId = "" } = useParams();
  const { user } = useSession();
  const restaurant = useRestaurant(restaurantId);
  useDocumentTitle(restaurant.data ? `${t("reservation.title")} · ${restaurant.data.name}` : t("reservation.title"));

  if (restaurant.isError) {
    const missing =
      restaurant.error instanceof ApiError && (restaurant.error.status === 404 || restaurant.error.status === 400);
    return (
      <Page title={t("reservation.title")}>
        <ErrorState
          title={missing ? t("restaurant.notFound") : t("reservation.fetchError")}
          message={restaurant.error instanceof ApiError ? restaurant.error.message : undefined}
          onRetry={missing ? undefined : () => void restaurant.refetch()}
          action={
            <ButtonLink to={paths.search()} variant="ghost">
              {t("restaurant.findOthers")}
            </ButtonLink>
          }
        />
      </Page>
    );
  }

  return (
    <Page
      title={t("reservation.title")}
      lead={
        restaurant.data ? (
          t("reservation.subtitle", { name: restaurant.data.name, address: restaurant.data.address })
        ) : (
          <Skeleton width="60%" />
        )
      }
      icon={<CalendarIcon size={24} />}
    >
      <Card>
        {restaurant.data && user ? (
          <ReservationForm userId={user.id} restaurant={restaurant.data} />
        ) : (
          <div aria-busy="true" style={{ display: "grid", gap: "var(--space-4)" }}>
            <span className="visually-hidden">{t("common.loading")}</span>
            <Skeleton height={72} radius="10px" />
            <Skeleton height={120} radius="10px" />
            <Skeleton height={96} radius="10px" />
          </div>
        )}
      </Card>
      <p style={{ marginTop: "var(--space-4)" }}>
        <ButtonLink to={paths.restaurant(restaurantId)} variant="ghost" size="sm">
          {t("reservation.back")}
        </ButtonLink>
      </p>
    </Page>
  );
}
