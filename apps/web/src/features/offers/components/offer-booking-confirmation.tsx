import { useTranslation } from "react-i18next";
import { BookingConfirmation, type BookingFact } from "../../../components/ui/booking-confirmation";
import type { BookLastMinuteResponse } from "@tavolo/shared/offers";
import { offerAddress } from "./offer-address";

/**
 * The booker's receipt for Last Minute seats: as full as a table booking's, plus when to arrive.
 * Built from the booking answer alone (the booking and the offer after it), so the seats this
 * booking just took, even the last ones, never turn it into "sold out" (decision 022).
 */
export function OfferBookingConfirmation({ answer, onDone }: { answer: BookLastMinuteResponse; onDone: () => void }) {
  const { t } = useTranslation();
  const { reservation, offer } = answer;
  const slot = { start: offer.startTime, end: offer.endTime };
  const facts: BookingFact[] = [
    { label: t("offers.restaurant"), value: reservation.restaurantName },
    { label: t("offers.date"), value: offer.formattedDate },
    { label: t("offers.time"), value: t("offers.timeRange", slot) },
    { label: t("offers.people"), value: t("offers.peopleOption", { count: reservation.numberOfPeople }) },
    { label: t("offers.address"), value: offerAddress(offer), wide: true },
  ];
  if (reservation.specialRequests) {
    facts.push({ label: t("offers.notes"), value: reservation.specialRequests, wide: true });
  }
  return (
    <BookingConfirmation
      title={answer.message || t("offers.bookedTitle")}
      facts={facts}
      next={t("offers.bookedNext", slot)}
      onDone={onDone}
    />
  );
}
