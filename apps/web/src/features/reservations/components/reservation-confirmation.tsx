import { useTranslation } from "react-i18next";
import type { ReservationResponse } from "@tavolo/shared/reservations";
import { BookingConfirmation, type BookingFact } from "../../../components/ui/booking-confirmation";
import { formatReservationDate } from "./reservation-card";

/** What the diner just booked, shown for the two seconds before the history (SPEC §4). */
export function ReservationConfirmation({ response, onDone }: { response: ReservationResponse; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const { reservation } = response;
  const facts: BookingFact[] = [
    { label: t("reservation.restaurant"), value: reservation.restaurantName },
    { label: t("reservation.date"), value: formatReservationDate(reservation.date, i18n.resolvedLanguage ?? "it") },
    { label: t("reservation.time"), value: reservation.time },
    { label: t("reservation.people"), value: t("history.people", { count: reservation.numberOfPeople }) },
  ];
  if (reservation.tableNumber !== null) {
    facts.push({ label: t("reservation.table"), value: t("history.table", { number: reservation.tableNumber }) });
  }
  if (reservation.specialRequests) {
    facts.push({ label: t("reservation.specialRequests"), value: reservation.specialRequests, wide: true });
  }
  return (
    <BookingConfirmation title={response.message || t("reservation.successTitle")} facts={facts} onDone={onDone} />
  );
}
