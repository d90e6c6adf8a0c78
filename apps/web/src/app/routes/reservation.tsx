import { useState } from "react";
import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { DEFAULT_TIME_ZONE } from "@tavolo/shared/constants";
import { todayIn } from "../../lib/dates";
import { ApiError } from "../../lib/api-client";
import { useDocumentTitle } from "../../lib/use-document-title";
import { paths } from "../../config/paths";
import { ButtonLink } from "../../components/ui/button";
import { ErrorState } from "../../components/ui/error-state";
import { CalendarIcon } from "../../components/ui/icons";
import { Card, Page } from "../../components/ui/page";
import { Skeleton } from "../../components/ui/spinner";
import { useSession } from "../../features/auth/session/session-context";
import { ReservationForm, type Slot } from "../../features/reservations/components/reservation-form";
import { useAvailableTables } from "../../features/restaurants/api/get-available-tables";
import { useRestaurant } from "../../features/restaurants/api/get-restaurant";

export default function ReservationRoute() {
  const { t } = useTranslation();
  const { restaurantId = "" } = useParams();
  const { user } = useSession();
  const today = todayIn(DEFAULT_TIME_ZONE);
  const [slot, setSlot] = useState<Slot>({ date: today, time: "", people: 2 });
  const restaurant = useRestaurant(restaurantId);
  const tables = useAvailableTables(restaurantId, {
    date: slot.date || today,
    time: slot.time || undefined,
    people: slot.people,
  });
  useDocumentTitle(t("reservation.title"));

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
        {user ? (
          <ReservationForm
            userId={user.id}
            restaurantId={restaurantId}
            today={today}
            slot={slot}
            onSlotChange={setSlot}
            tables={tables.data}
            tablesLoading={tables.isPending}
            tablesError={tables.isError}
          />
        ) : null}
      </Card>
      <p style={{ marginTop: "var(--space-4)" }}>
        <ButtonLink to={paths.restaurant(restaurantId)} variant="ghost" size="sm">
          {t("reservation.back")}
        </ButtonLink>
      </p>
    </Page>
  );
}
