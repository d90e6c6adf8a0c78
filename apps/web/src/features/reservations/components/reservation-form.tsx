import { useCallback, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { BOOKING_HORIZON_DAYS, PEOPLE_PER_RESERVATION, SPECIAL_REQUESTS_MAX_LENGTH } from "@tavolo/shared/constants";
import { addDays } from "@tavolo/shared/dates";
import { hoursOn, nextDateWithSeatings } from "@tavolo/shared/reservation-slots";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { todayIn } from "../../../lib/dates";
import { paths } from "../../../config/paths";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Select } from "../../../components/ui/select";
import { TextField } from "../../../components/ui/text-field";
import { TextAreaField } from "../../../components/ui/text-area-field";
import { useIdempotencyKey } from "../../../lib/idempotency-key";
import type { AskedTable } from "@tavolo/shared/page-query";
import type { Reservation } from "@tavolo/shared/reservations";
import { useMakeReservation } from "../api/make-reservation";
import { useModifyReservation } from "../api/modify-reservation";
import { ReservationConfirmation } from "./reservation-confirmation";
import { formatReservationDate } from "./reservation-card";
import { TablePicker } from "./table-picker";
import { useBookingChoices, type BookableRestaurant } from "./use-booking-choices";
import styles from "./reservation-form.module.css";
import { dateFormat } from "../../../lib/intl-format";

export type { BookableRestaurant };

const PEOPLE = Array.from(
  { length: PEOPLE_PER_RESERVATION.max - PEOPLE_PER_RESERVATION.min + 1 },
  (_, i) => PEOPLE_PER_RESERVATION.min + i,
);
const DEFAULT_PEOPLE = 2;

/** "lun 30 nov": short enough for a button on a phone. */
const shortDate = (date: string, language: string) =>
  dateFormat(language, { weekday: "short", day: "numeric", month: "short" }).format(new Date(`${date}T12:00:00`));

/** A 409 on booking: the table went to someone else between our availability read and the insert. */
const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;
/** A 409 on a move that means "the new seating is taken"; others (the booking started meanwhile) are said as sent. */
const isSeatingTaken = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && (error.code === "table_taken" || error.code === "no_table_free");

interface Props {
  userId: string;
  restaurant: BookableRestaurant;
  /** What a slot chip hands the form (decision 026): the diner's date, time and party. */
  prefill?: AskedTable;
  /** Modify mode: the booking being moved, whose date, time and party start the form. */
  moving?: Reservation;
}

/**
 * The reservation form of SPEC §3/§5 (decision 007). Times come from the restaurant's open seatings with
 * a table free for the party; tables are those free for that whole seating and big enough. The
 * database has the last word: a 409 says the table was just taken and the choices are re-read.
 */
export function ReservationForm({ userId, restaurant, prefill = {}, moving }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "it";
  const navigate = useNavigate();
  // "Tonight" when a seating is still to come, else the next day the restaurant opens.
  const [date, setDate] = useState(
    () =>
      prefill.date ??
      moving?.date ??
      nextDateWithSeatings(restaurant.openingHours, restaurant.timeZone, todayIn(restaurant.timeZone), new Date()) ??
      todayIn(restaurant.timeZone),
  );
  const [chosenTime, setTime] = useState(prefill.time ?? moving?.time ?? "");
  const [people, setPeople] = useState(prefill.people ?? moving?.numberOfPeople ?? DEFAULT_PEOPLE);
  const [chosenTable, setTable] = useState("");
  const [specialRequests, setSpecialRequests] = useState("");
  const [showMissing, setShowMissing] = useState(false);
  const [conflict, setConflict] = useState(false);
  const keyFor = useIdempotencyKey();
  const booking = useMakeReservation();
  const move = useModifyReservation();
  const mutation = moving ? move : booking;
  const dateRef = useRef<HTMLInputElement>(null);
  const timeRef = useRef<HTMLSelectElement>(null);
  const pickerRef = useRef<HTMLFieldSetElement>(null);

  const { today, lastDay, dateProblem, day, daySettled, slots, time, seating, tables, tablesSettled, ...choices } =
    useBookingChoices(restaurant, { date, time: chosenTime, people, tableId: chosenTable }, moving?.id);
  // A chip or a booking to move asked for a time: the best-fit table (smallest free one that seats
  // the party; `tables` is in that order) is proposed until the diner picks another (decision 026).
  const proposeBestFit = prefill.time !== undefined || moving !== undefined;
  const tableId = choices.tableId || (proposeBestFit && tablesSettled ? (tables[0]?.id ?? "") : "");

  const toHistory = useCallback(() => void navigate(paths.history()), [navigate]);

  if (mutation.isSuccess) {
    return <ReservationConfirmation response={mutation.data} onDone={toHistory} />;
  }

  const focusPicker = () => {
    const group = pickerRef.current;
    const target = group?.querySelector<HTMLElement>("input:checked, input") ?? group?.querySelector("legend");
    target?.focus();
    group?.scrollIntoView?.({ block: "center" });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dateProblem || !time || !tableId) {
      setShowMissing(true);
      if (dateProblem) dateRef.current?.focus();
      else if (!time) timeRef.current?.focus();
      else focusPicker();
      return;
    }
    setShowMissing(false);
    setConflict(false);
    const onError = (error: Error) => {
      if (!isConflict(error)) return;
      // The availability queries are re-read by the mutation; the lost table must be chosen again.
      setConflict(true);
      setTable("");
      focusPicker();
    };
    if (moving) {
      const change = { date, time, numberOfPeople: people, tableId };
      const input = { reservationId: moving.id, restaurantId: restaurant.id, userId, change };
      move.mutate({ input, idempotencyKey: keyFor(input) }, { onError });
      return;
    }
    const input = {
      userId,
      restaurantId: restaurant.id,
      date,
      time,
      numberOfPeople: people,
      tableId,
      specialRequests: specialRequests.trim(),
    };
    booking.mutate({ input, idempotencyKey: keyFor(input) }, { onError });
  };

  const required = t("validation.required");
  const dateError =
    dateProblem === "invalid"
      ? t("validation.date")
      : dateProblem === "past"
        ? t("validation.dateInPast")
        : dateProblem === "far"
          ? t("apiErrors.dateTooFar", { days: BOOKING_HORIZON_DAYS })
          : dateProblem === "missing" && showMissing
            ? required
            : undefined;

  const closedThatDay = dateProblem === null && hoursOn(restaurant.openingHours, date) === null;
  const nextOpen =
    daySettled && slots.length === 0
      ? nextDateWithSeatings(restaurant.openingHours, restaurant.timeZone, addDays(date, 1), new Date())
      : null;
  const timeOptions = [
    {
      value: "",
      label: dateProblem
        ? t("reservation.timeNeedsDate")
        : !daySettled && !day.isError
          ? t("common.loading")
          : slots.length
            ? t("reservation.timePlaceholder")
            : t("reservation.noTimes"),
    },
    ...slots.map((slot) => ({ value: slot, label: slot })),
  ];

  const tablesPlaceholder =
    dateProblem || !time
      ? t("reservation.tablesNeedTime")
      : seating.isError && !seating.data
        ? t("reservation.tablesError")
        : !seating.data
          ? t("reservation.tablesLoading")
          : tables.length === 0
            ? t("reservation.noTables")
            : undefined;

  const submitError = mutation.isError && !isConflict(mutation.error) ? mutation.error : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t("reservation.formLabel")}>
      <p className={styles.note}>{t("reservation.requiredNote")}</p>
      <div className={styles.when}>
        <TextField
          ref={dateRef}
          label={t("reservation.date")}
          type="date"
          min={today}
          max={lastDay}
          value={date}
          required
          error={dateError}
          onChange={(event) => setDate(event.target.value)}
          className={styles.date}
        />
        <Select
          ref={timeRef}
          label={t("reservation.time")}
          value={time}
          required
          disabled={!daySettled || slots.length === 0}
          error={showMissing && !time && !dateProblem ? required : undefined}
          onChange={(event) => setTime(event.target.value)}
          options={timeOptions}
        />
        <Select
          label={t("reservation.people")}
          value={String(people)}
          onChange={(event) => setPeople(Number(event.target.value))}
          options={PEOPLE.map((count) => ({ value: String(count), label: t("history.people", { count }) }))}
        />
      </div>

      {day.isError ? (
        <Alert tone="warning">
          {errorMessage(day.error, t("reservation.tablesError"))}{" "}
          <Button variant="ghost" size="sm" onClick={() => void day.refetch()}>
            {t("common.retry")}
          </Button>
        </Alert>
      ) : daySettled && slots.length === 0 ? (
        <div className={styles.noTimes} role="status">
          <p>{closedThatDay ? t("reservation.closedThatDay") : t("reservation.noTimesText")}</p>
          {nextOpen ? (
            <Button variant="outline" size="sm" className={styles.nextDay} onClick={() => setDate(nextOpen)}>
              {t("reservation.nextOpenDay", { date: shortDate(nextOpen, language) })}
            </Button>
          ) : null}
        </div>
      ) : null}

      <TablePicker
        ref={pickerRef}
        tables={tables}
        value={tableId}
        onChange={(id) => {
          setTable(id);
          setConflict(false);
        }}
        placeholder={tablesPlaceholder}
        stale={seating.isPlaceholderData || (conflict && seating.isFetching)}
        error={showMissing && !tableId && time ? required : undefined}
      >
        {conflict && moving && isSeatingTaken(mutation.error) ? (
          <Alert>
            {t("move.taken", {
              date: formatReservationDate(moving.date, language),
              time: moving.time,
            })}
          </Alert>
        ) : conflict ? (
          <Alert>{errorMessage(mutation.error, t("apiErrors.tableTaken"))}</Alert>
        ) : null}
        {seating.isError && seating.data ? <Alert tone="warning">{t("reservation.tablesError")}</Alert> : null}
        {seating.isError && !seating.data ? (
          <Button variant="ghost" size="sm" onClick={() => void seating.refetch()}>
            {t("common.retry")}
          </Button>
        ) : null}
      </TablePicker>

      {moving ? (
        // A move changes the seating only; what the diner asked for travels with the booking.
        moving.specialRequests ? (
          <p className={styles.note}>{t("move.keepsRequests", { requests: moving.specialRequests })}</p>
        ) : null
      ) : (
        <TextAreaField
          label={t("reservation.specialRequests")}
          name="specialRequests"
          value={specialRequests}
          onChange={setSpecialRequests}
          maxLength={SPECIAL_REQUESTS_MAX_LENGTH}
          placeholder={t("reservation.specialRequestsPlaceholder")}
          counter={t("reservation.charactersUsed", { used: specialRequests.length, max: SPECIAL_REQUESTS_MAX_LENGTH })}
        />
      )}

      {showMissing && (dateProblem === "missing" || !time || !tableId) ? (
        <Alert>{t("reservation.required")}</Alert>
      ) : null}
      {submitError ? <Alert>{errorMessage(submitError, t("reservation.submitError"))}</Alert> : null}
      <Button type="submit" size="lg" fullWidth loading={mutation.isPending}>
        {moving ? t("move.submit") : t("reservation.submit")}
      </Button>
    </form>
  );
}
