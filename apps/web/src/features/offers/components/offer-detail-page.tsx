import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { offerTimeLeft } from "@tavolo/shared/offer-time";
import type { LastMinuteOffer } from "@tavolo/shared/offers";
import { paths } from "../../../config/paths";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { ButtonLink } from "../../../components/ui/button";
import { Tag } from "../../../components/ui/chip";
import { DetailError, DetailPage } from "../../../components/ui/detail-page";
import { CalendarIcon, MapPinIcon } from "../../../components/ui/icons";
import { ClockIcon, SparkIcon, UsersIcon } from "../../../components/ui/page-icons";
import { Skeleton } from "../../../components/ui/spinner";
import { Fact } from "../../../components/ui/fact";
import { useLastMinuteOffer } from "../api/get-last-minute";
import { useBookLastMinute } from "../api/book-last-minute";
import { offerAddress } from "./offer-address";
import { OfferBookingConfirmation } from "./offer-booking-confirmation";
import { OfferBookingForm } from "./offer-booking-form";
import { OfferCountdown } from "./offer-countdown";
import { useNow } from "./use-now";
import styles from "./offer-detail-page.module.css";

interface Props {
  id: string;
  /** Booking needs a session: signed out, the page offers the login (which returns here). */
  signedIn: boolean;
  loginLink: { to: string; state?: unknown };
  onBooked: () => void;
  /** Under "sold out": the route places the waitlist control here (seats that come back). */
  soldOut?: (offer: LastMinuteOffer) => ReactNode;
}

export function OfferDetailPage({ id, signedIn, loginLink, onBooked, soldOut }: Props) {
  const { t } = useTranslation();
  const offer = useLastMinuteOffer(id);
  const now = useNow();
  useDocumentTitle(offer.data ? t("offers.titleFor", { name: offer.data.restaurantName }) : t("offers.title"));

  // The offer's city, the search that lists it and its neighbours (also for a diner from a shared link).
  const city = offer.data?.city;
  const back = city
    ? { to: paths.search({ location: city }), label: t("offers.moreInCity", { city }) }
    : { to: paths.search(), label: t("offers.back") };

  if (offer.isError) {
    return (
      <DetailPage back={back} width="narrow">
        <DetailError
          error={offer.error}
          texts={{
            notFound: t("offers.notFound"),
            notFoundText: t("offers.notFoundText"),
            loadError: t("offers.loadError"),
          }}
          onRetry={() => void offer.refetch()}
          elsewhere={{ to: paths.search(), label: t("offers.findOthers") }}
        />
      </DetailPage>
    );
  }

  if (offer.isPending) {
    return (
      <DetailPage back={back} width="narrow" loading>
        <Skeleton height={240} radius="16px" />
        <Skeleton height={32} width="60%" className={styles.gap} />
      </DetailPage>
    );
  }

  const data = offer.data;
  // Past its deadline an offer has no seats or discount to give: the page says "Offerta scaduta"
  // without free seats and the deal beside it (by the browser's clock, as the countdown).
  const expired = offerTimeLeft(data.expiresAt, now).expired || data.isExpired;
  return (
    <DetailPage back={back} width="narrow">
      <article className={styles.offer}>
        <div className={styles.media}>
          <img
            src={data.restaurantImageUrl}
            alt=""
            width={640}
            height={400}
            className={styles.image}
            fetchPriority="high"
          />
          <span className={styles.badge}>
            <SparkIcon size={16} /> {t("offers.badge")}
          </span>
          {data.discountPercent && !expired ? (
            <span className={styles.discount}>{t("offers.discount", { percent: data.discountPercent })}</span>
          ) : null}
        </div>
        <div className={styles.body}>
          <h1 className={styles.name}>{data.restaurantName}</h1>
          <ul role="list" className={styles.tags}>
            {data.categories.map((category) => (
              <li key={category}>
                <Tag tone="brand">{t(`cuisine.${category}`, { defaultValue: category })}</Tag>
              </li>
            ))}
          </ul>
          <dl className={styles.facts}>
            <Fact icon={<CalendarIcon size={18} />} label={t("offers.date")}>
              {data.formattedDate}
            </Fact>
            <Fact icon={<ClockIcon size={18} />} label={t("offers.time")}>
              {t("offers.timeRange", { start: data.startTime, end: data.endTime })}
            </Fact>
            {expired ? null : (
              <Fact icon={<UsersIcon size={18} />} label={t("offers.seats")}>
                <span data-testid="seats-left">
                  {t("offers.seatsOf", { left: data.currentAvailableSeats, total: data.totalSeats })}
                </span>
              </Fact>
            )}
            <Fact icon={<MapPinIcon size={18} />} label={t("offers.address")}>
              {offerAddress(data)}{" "}
              <Link to={paths.restaurant(data.restaurantId)} className={styles.restaurantLink}>
                {t("offers.seeRestaurant")}
              </Link>
            </Fact>
          </dl>
          <div className={styles.deadline}>
            <OfferCountdown expiresAt={data.expiresAt} timeZone={data.timeZone} />
            {expired ? null : <span>{t("offers.bookUntil", { time: data.bookUntil })}</span>}
          </div>
          {data.description ? <p className={styles.description}>{data.description}</p> : null}
          <Booking
            offer={data}
            signedIn={signedIn}
            loginLink={loginLink}
            onBooked={onBooked}
            onStale={() => void offer.refetch()}
            soldOut={soldOut}
          />
        </div>
      </article>
    </DetailPage>
  );
}

/**
 * The form while the offer can be booked; otherwise why it cannot (expired, sold out, signed out).
 * A booking this page just made comes first: taking the last seats must not read as "sold out".
 */
function Booking({
  offer,
  signedIn,
  loginLink,
  onBooked,
  onStale,
  soldOut,
}: {
  offer: LastMinuteOffer;
  signedIn: boolean;
  loginLink: Props["loginLink"];
  onBooked: () => void;
  onStale: () => void;
  soldOut: Props["soldOut"];
}) {
  const { t } = useTranslation();
  const book = useBookLastMinute();
  // By the browser's clock, so the form closes the moment the countdown reaches zero.
  const expired = offerTimeLeft(offer.expiresAt, useNow()).expired || offer.isExpired;
  if (book.isSuccess) {
    return <OfferBookingConfirmation answer={book.data} onDone={onBooked} />;
  }
  if (expired) {
    return (
      <div className={styles.closed} role="status">
        <p className={styles.closedTitle}>{t("offers.expired")}</p>
        <p>{t("offers.expiredText")}</p>
        <ButtonLink to={paths.search()} variant="outline">
          {t("offers.findOthers")}
        </ButtonLink>
      </div>
    );
  }
  if (offer.currentAvailableSeats === 0) {
    return (
      <div className={styles.closed} role="status">
        <p className={styles.closedTitle}>{t("offers.soldOutTitle")}</p>
        <p>{t("offers.soldOutText")}</p>
        <ButtonLink to={paths.search()} variant="outline">
          {t("offers.findOthers")}
        </ButtonLink>
        {soldOut?.(offer)}
      </div>
    );
  }
  if (!signedIn) {
    return (
      <ButtonLink to={loginLink.to} state={loginLink.state} size="lg" fullWidth>
        {t("offers.loginToBook")}
      </ButtonLink>
    );
  }
  return <OfferBookingForm offer={offer} book={book} onStale={onStale} />;
}
