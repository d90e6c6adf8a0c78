import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { ButtonLink } from "../../../components/ui/button";
import { Tag } from "../../../components/ui/chip";
import { DetailError, DetailPage } from "../../../components/ui/detail-page";
import { CalendarIcon, ClockIcon, SparkIcon, UsersIcon } from "../../../components/ui/icons";
import { Skeleton } from "../../../components/ui/spinner";
import { useLastMinuteOffer } from "../api/get-last-minute";
import { EXPIRING_SOON_MINUTES, minutesLeft } from "./time-left";
import { Fact } from "../../../components/ui/fact";
import styles from "./offer-detail-page.module.css";

interface Props {
  id: string;
  /** Booking needs a session: the route decides where the button leads. */
  bookLink: { to: string; state?: unknown };
}

export function OfferDetailPage({ id, bookLink }: Props) {
  const { t } = useTranslation();
  const offer = useLastMinuteOffer(id);
  useDocumentTitle(offer.data ? t("offers.titleFor", { name: offer.data.restaurantName }) : t("offers.title"));

  const back = { to: paths.search(), label: t("offers.back") };

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
  const left = minutesLeft(data.bookUntil, data.date);
  const expired = left < 0;
  const expiring = !expired && (data.isExpiring || left <= EXPIRING_SOON_MINUTES);
  return (
    <DetailPage back={back} width="narrow">
      <article className={styles.offer}>
        <div className={styles.media}>
          {data.restaurantImageUrl ? (
            <img src={data.restaurantImageUrl} alt="" width={640} height={400} className={styles.image} />
          ) : null}
          <span className={styles.badge}>
            <SparkIcon size={16} /> {t("offers.badge")}
          </span>
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
              {data.formattedDate ?? data.date}
            </Fact>
            <Fact icon={<ClockIcon size={18} />} label={t("offers.time")}>
              {t("offers.timeRange", { start: data.startTime, end: data.endTime })}
            </Fact>
            <Fact icon={<UsersIcon size={18} />} label={t("offers.seats")}>
              {t("offers.seatsLeft", { count: data.currentAvailableSeats })}
            </Fact>
          </dl>
          <p className={styles.deadline} role="status">
            {expired ? (
              <Tag>{t("offers.expired")}</Tag>
            ) : (
              <>
                {expiring ? <Tag tone="warning">{t("offers.expiringSoon")}</Tag> : null}
                <span>{t("offers.bookUntil", { time: data.bookUntil })}</span>
              </>
            )}
          </p>
          {data.description ? <p className={styles.description}>{data.description}</p> : null}
          <ButtonLink
            to={bookLink.to}
            state={bookLink.state}
            size="lg"
            fullWidth
            aria-disabled={expired || undefined}
            className={expired ? styles.disabled : undefined}
          >
            {t("offers.book")}
          </ButtonLink>
        </div>
      </article>
    </DetailPage>
  );
}
