import { useState } from "react";
import { useParams, useSearchParams } from "react-router";
import type { Reservation } from "@tavolo/shared/reservations";
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
import { askedTable } from "@tavolo/shared/page-query";
import { useMovingReservation } from "../../features/reservations/components/use-moving-reservation";
import { MovingSummary } from "../../features/reservations/components/moving-summary";
import { useRestaurant } from "../../features/restaurants/api/get-restaurant";
import { usePrefetchSeating } from "../../lib/form-seating-prefetch";

/**
 * Composition: the restaurant (restaurants feature) handed to the booking form (reservations
 * feature). `?date=&time=&people=` prefill it (a slot chip); `?modify=<id>` moves that booking.
 */
export default function ReservationRoute() {
  const { t } = useTranslation();
  const { restaurantId = "" } = useParams();
  const [params] = useSearchParams();
  const { user } = useSession();
  const restaurant = useRestaurant(restaurantId);
  const modifyId = params.get("modify");
  // A new booking's choices from its link; its seating asked beside the restaurant (decision 065).
  const prefill = modifyId ? undefined : askedTable(params);
  usePrefetchSeating(restaurantId, prefill ?? null);
  const moving = useMovingReservation(user?.id, restaurantId, modifyId);
  // The booking as it was when the page opened. Once saved, the refreshed list holds the new time:
  // the "you are moving your booking of …" banner must not then name the new time as the old one.
  const [original, setOriginal] = useState<Reservation>();
  if (moving.reservation && original?.id !== moving.reservation.id) setOriginal(moving.reservation);
  const moved =
    original !== undefined &&
    moving.reservation !== undefined &&
    (moving.reservation.date !== original.date ||
      moving.reservation.time !== original.time ||
      moving.reservation.tableNumber !== original.tableNumber ||
      moving.reservation.numberOfPeople !== original.numberOfPeople);
  const title = modifyId ? t("move.title") : t("reservation.title");
  useDocumentTitle(restaurant.data ? `${title} · ${restaurant.data.name}` : title);

  if (restaurant.isError || moving.problem) {
    const missing =
      restaurant.error instanceof ApiError && (restaurant.error.status === 404 || restaurant.error.status === 400);
    return (
      <Page title={title}>
        <ErrorState
          title={
            moving.problem === "notModifiable"
              ? t("move.unavailable")
              : missing
                ? t("restaurant.notFound")
                : t("reservation.fetchError")
          }
          message={
            moving.problem === "notModifiable"
              ? t("move.unavailableText")
              : restaurant.error instanceof ApiError
                ? restaurant.error.message
                : undefined
          }
          onRetry={
            missing || moving.problem === "notModifiable"
              ? undefined
              : () => void (moving.problem ? moving.refetch() : restaurant.refetch())
          }
          action={
            moving.problem ? (
              <ButtonLink to={paths.history()} variant="ghost">
                {t("move.backToHistory")}
              </ButtonLink>
            ) : (
              <ButtonLink to={paths.search()} variant="ghost">
                {t("restaurant.findOthers")}
              </ButtonLink>
            )
          }
        />
      </Page>
    );
  }

  const ready = restaurant.data && user && (!modifyId || moving.reservation);
  return (
    <Page
      title={title}
      lead={
        restaurant.data ? (
          t("reservation.subtitle", { name: restaurant.data.name, address: restaurant.data.address })
        ) : (
          <Skeleton width="60%" />
        )
      }
      icon={<CalendarIcon size={24} />}
    >
      {moving.reservation && !moved ? <MovingSummary reservation={moving.reservation} /> : null}
      <Card>
        {ready ? (
          <ReservationForm
            userId={user.id}
            restaurant={restaurant.data}
            prefill={prefill}
            moving={moving.reservation}
          />
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
        {modifyId ? (
          <ButtonLink to={paths.history()} variant="ghost" size="sm">
            {t("move.backToHistory")}
          </ButtonLink>
        ) : (
          <ButtonLink to={paths.restaurant(restaurantId)} variant="ghost" size="sm">
            {t("reservation.back")}
          </ButtonLink>
        )}
      </p>
    </Page>
  );
}
