import { Suspense, useRef, useState, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { ApiError } from "../../../lib/api-client";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { useOffline } from "../../../lib/network-status";
import { lazyPiece } from "../../../lib/lazy-piece";
import { ChipRadioGroup } from "../../../components/ui/chip";
import { EmptyState } from "../../../components/ui/empty-state";
import { ErrorState } from "../../../components/ui/error-state";
import { CalendarIcon } from "../../../components/ui/icons";
import { Page } from "../../../components/ui/page";
import { Skeleton } from "../../../components/ui/spinner";
import { useCancelReservation } from "../api/cancel-reservation";
import type { Reservation } from "@tavolo/shared/reservations";
import { useUserReservations } from "../api/get-user-reservations";
import { readLastHistorySync } from "../api/last-history-sync";
import { backoffDelay, isRateLimited } from "../api/rate-limit-retry";
import { groupHistory } from "./history-groups";
import { ReservationCard } from "./reservation-card";
import { HistoryCardActions } from "./history-card-actions";
import { OfflineHistoryNote } from "./offline-history-note";
import styles from "./history-page.module.css";

// The cancellation modal (Radix dialog) loads when first asked for, like the settings' dialogs:
// the history stays within its 50 KiB budget (decisions 012, 061).
const CancelReservationDialog = lazyPiece(() =>
  import("./cancel-reservation-dialog").then((module) => ({ default: module.CancelReservationDialog })),
);

/** The history filter of SPEC §2/§4: all, pending, confirmed, cancelled, completed. */
const FILTERS = ["all", "pending", "confirmed", "cancelled", "completed"] as const;
type Filter = (typeof FILTERS)[number];
/** The active filter lives in the URL (?status=pending): a reload, a shared link or Back keep it. */
const FILTER_PARAM = "status";
/** The offline notice, which the disabled buttons point to. */
const OFFLINE_NOTE_ID = "history-offline-note";
const parseFilter = (value: string | null): Filter => FILTERS.find((filter) => filter === value) ?? "all";

/** The status filter, read from and written to the URL. */
function useHistoryFilter(): [Filter, (filter: Filter) => void] {
  const [params, setParams] = useSearchParams();
  const setFilter = (filter: Filter) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (filter === "all") next.delete(FILTER_PARAM);
        else next.set(FILTER_PARAM, filter);
        return next;
      },
      // Switching chips is not a page of its own: Back leaves the history instead of undoing chips.
      { replace: true },
    );
  return [parseFilter(params.get(FILTER_PARAM)), setFilter];
}

export function HistoryPage({
  userId,
  phoneVerified,
  top,
}: {
  userId: string;
  phoneVerified: boolean;
  /** Shown above the bookings: the route places the waitlist's hold banner and entries here. */
  top?: ReactNode;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t("history.title"));
  const [filter, setFilter] = useHistoryFilter();
  const [toCancel, setToCancel] = useState<Reservation | null>(null);
  // Mounted from the first cancellation asked on, so closing it gives the focus back to its button.
  const [asked, setAsked] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const reservations = useUserReservations(userId);
  const cancel = useCancelReservation(userId);
  const options = FILTERS.map((value) => ({ value, label: t(`history.filters.${value}`) }));
  const offline = useOffline();
  // Offline with nothing fetched on this page: the last sync kept on this device (decision 046).
  const [lastSync] = useState(() => readLastHistorySync(userId));
  const fromLastSync = offline && !reservations.data ? lastSync : null;
  const list = reservations.data ?? fromLastSync?.reservations;
  const shown = (list ?? []).filter((item) => filter === "all" || item.status === filter);
  // "Upcoming" as of the list's own time: the server marks bookings completed, and the list refetches.
  const groups = groupHistory(shown, fromLastSync ? fromLastSync.readAt : reservations.dataUpdatedAt);
  // SPEC §8: a 429 with nothing cached is retried with backoff; say so instead of a bare skeleton.
  const waitingOutRateLimit =
    reservations.isPending && reservations.failureCount > 0 && isRateLimited(reservations.failureReason);

  const closeDialog = () => {
    setToCancel(null);
    cancel.reset();
  };
  const confirmCancel = (reservation: Reservation) =>
    cancel.mutate(reservation, {
      onSuccess: (response) => {
        setNotice(response.message || t("history.cancelled"));
        setToCancel(null);
      },
      // Cancelled meanwhile, or the seating has started: the list is out of date.
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) void reservations.refetch();
      },
    });

  return (
    <Page title={t("history.title")} lead={t("history.subtitle")} icon={<CalendarIcon size={24} />}>
      {phoneVerified ? null : (
        <div className={styles.banner}>
          <Alert tone="info">
            <p>{t("history.phoneBanner")}</p>
            <p>
              <Link to={paths.completeProfile()}>{t("history.phoneBannerCta")}</Link>
            </p>
          </Alert>
        </div>
      )}
      {top}
      <ChipRadioGroup
        legend={t("history.filterLegend")}
        hideLegend
        value={filter}
        options={options}
        onChange={setFilter}
        scroll
      />
      {offline ? (
        <OfflineHistoryNote
          id={OFFLINE_NOTE_ID}
          asOf={fromLastSync ? fromLastSync.savedAt : reservations.data ? reservations.dataUpdatedAt : null}
        />
      ) : null}
      <div ref={noticeRef} tabIndex={-1} className={styles.notice}>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
      </div>
      <div className={styles.list}>
        {offline && !list ? (
          <EmptyState title={t("history.offlineNothing")} text={t("history.offlineNothingText")} />
        ) : reservations.isPending && !list ? (
          <div className={styles.skeletons} aria-busy="true">
            {waitingOutRateLimit ? (
              <Alert tone="warning">
                {t("history.tooManyRequests", {
                  seconds: Math.round(backoffDelay(reservations.failureCount - 1, reservations.failureReason) / 1000),
                })}
              </Alert>
            ) : null}
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} height={104} radius="16px" />
            ))}
          </div>
        ) : reservations.isError && !fromLastSync ? (
          <ErrorState
            title={t("history.error")}
            message={
              isRateLimited(reservations.error)
                ? t("history.tooManyRequestsFinal")
                : reservations.error instanceof ApiError
                  ? reservations.error.message
                  : undefined
            }
            onRetry={() => void reservations.refetch()}
          />
        ) : shown.length === 0 && filter !== "all" ? (
          // Bookings exist (or may), just none with this status: say so, and offer the whole list.
          <EmptyState
            title={t(`history.emptyFor.${filter}`)}
            text={t("history.emptyForText", { status: t(`history.filters.${filter}`) })}
            action={
              <Button variant="outline" onClick={() => setFilter("all")}>
                {t("history.showAll")}
              </Button>
            }
          />
        ) : shown.length === 0 ? (
          <EmptyState
            title={t("history.empty")}
            text={t("history.emptyText")}
            action={<ButtonLink to={paths.search()}>{t("favorites.findRestaurants")}</ButtonLink>}
          />
        ) : (
          (["upcoming", "past"] as const).map((group) =>
            groups[group].length > 0 ? (
              <section key={group} className={styles.group} aria-labelledby={`history-${group}`}>
                <h2 id={`history-${group}`} className={styles.groupTitle}>
                  {t(`history.groups.${group}`)}
                </h2>
                <ul role="list" className={styles.items}>
                  {groups[group].map((reservation) => (
                    <li key={reservation.id}>
                      <ReservationCard
                        reservation={reservation}
                        action={
                          reservation.canCancel ? (
                            <HistoryCardActions
                              reservation={reservation}
                              offlineNoteId={offline ? OFFLINE_NOTE_ID : null}
                              onCancel={(chosen) => {
                                setNotice(null);
                                setAsked(true);
                                setToCancel(chosen);
                              }}
                            />
                          ) : undefined
                        }
                      />
                    </li>
                  ))}
                </ul>
              </section>
            ) : null,
          )
        )}
      </div>
      {asked ? (
        <Suspense fallback={null}>
          <CancelReservationDialog
            reservation={toCancel}
            onKeep={closeDialog}
            onConfirm={confirmCancel}
            pending={cancel.isPending}
            error={cancel.error}
            onCloseAutoFocus={(event) => {
              // After a cancellation its button is gone: land on the confirmation instead.
              if (notice && noticeRef.current) {
                event.preventDefault();
                noticeRef.current.focus();
              }
            }}
          />
        </Suspense>
      ) : null}
    </Page>
  );
}
