import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { PEOPLE_PER_RESERVATION } from "@tavolo/shared/constants";
import { OFFER_NOTES_MAX_LENGTH } from "@tavolo/shared/offer-time";
import type { LastMinuteOffer } from "@tavolo/shared/offers";
import { ApiError } from "../../../lib/api-client";
import { useIdempotencyKey } from "../../../lib/idempotency-key";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Select } from "../../../components/ui/select";
import { TextAreaField } from "../../../components/ui/text-area-field";
import type { useBookLastMinute } from "../api/book-last-minute";
import styles from "./offer-booking-form.module.css";

interface Props {
  offer: LastMinuteOffer;
  /**
   * The booking, owned by the page: its success shows the confirmation even when these were the
   * last seats and the form (sold out now) is gone (decision 022).
   */
  book: ReturnType<typeof useBookLastMinute>;
  /** The server says the offer changed under us (expired, fewer seats): reload it. */
  onStale: () => void;
}

/** People (within the seats left and the 1–10 rule) and notes; one tap books. */
export function OfferBookingForm({ offer, book, onStale }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const maxPeople = Math.min(PEOPLE_PER_RESERVATION.max, offer.currentAvailableSeats);
  const [people, setPeople] = useState(Math.min(2, maxPeople));
  const [notes, setNotes] = useState("");
  const keyFor = useIdempotencyKey();
  const chosen = Math.min(people, maxPeople);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { lastMinuteId: offer.id, people: chosen, notes: notes.trim() };
    book.mutate(
      { body, idempotencyKey: keyFor(body) },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) onStale();
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t("offers.bookTitle")}
      </h2>
      <Select
        label={t("offers.people")}
        value={String(chosen)}
        onChange={(event) => setPeople(Number(event.target.value))}
        options={Array.from({ length: maxPeople }, (_, index) => ({
          value: String(index + 1),
          label: t("offers.peopleOption", { count: index + 1 }),
        }))}
        required
      />
      <TextAreaField
        label={t("offers.notes")}
        name="notes"
        value={notes}
        onChange={setNotes}
        maxLength={OFFER_NOTES_MAX_LENGTH}
        placeholder={t("offers.notesPlaceholder")}
        counter={t("offers.charactersUsed", { used: notes.length, max: OFFER_NOTES_MAX_LENGTH })}
      />
      {book.isError ? (
        <Alert>
          <strong>{t("offers.bookError")}</strong>
          {": "}
          {book.error instanceof ApiError ? book.error.message : t("errors.generic")}
        </Alert>
      ) : null}
      <Button type="submit" size="lg" fullWidth loading={book.isPending}>
        {t("offers.submit")}
      </Button>
    </form>
  );
}
