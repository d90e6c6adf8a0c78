import { paths } from "@tavolo/shared/app-paths";
import type { FastifyBaseLogger } from "fastify";
import { sql, type Kysely } from "kysely";
import type { Language } from "@tavolo/shared/languages";
import type { DB } from "../../db/schema";
import type { Mailer } from "../../mail/mailer";
import { offerAlertMail, type OfferAlertLine } from "../../mail/templates/offer-mails";
import { offerAlertPush } from "../push/push-messages";
import type { PushSender } from "../push/push-sender";
import { signAlertUnsubscribe } from "./alert-unsubscribe-token";

interface AlertRow {
  user_id: string;
  email: string;
  language: Language;
  first_name: string;
  display_name: string;
  offer_id: string;
  restaurant_name: string;
  city_name_it: string;
  city_name_en: string;
  offer_date: string;
  start_time: string;
  end_time: string;
  book_until: string;
  available_seats: number;
  discount_percent: number | null;
  /** The alert (city interest) that matched: one row per offer and matching alert. */
  interest_city_id: number;
}

/** Offers one alert mail lists; the rest wait on the search page. */
const LINES_PER_MAIL = 10;

/**
 * Who hears about newly published offers: everyone interested in the offer's city, or in a city
 * within their radius of it when they asked for nearby cities, whose notification settings allow
 * it (decision 004-settings: no row means enabled, every day, any restaurant). Only offers still
 * bookable are announced.
 */
function findAlerts(db: Kysely<DB>, offerIds: readonly string[], now: Date) {
  return sql<AlertRow>`
    SELECT u.id AS user_id, u.email, u.language, u.first_name, u.display_name,
           o.id AS offer_id, r.name AS restaurant_name, oc.name_it AS city_name_it, oc.name_en AS city_name_en,
           o.offer_date::text AS offer_date, o.start_time, o.end_time, o.book_until, o.available_seats,
           o.discount_percent, ci.city_id AS interest_city_id
    FROM offers o
    JOIN restaurants r ON r.id = o.restaurant_id
    JOIN cities oc ON oc.id = o.city_id
    JOIN city_interests ci ON ci.city_id = o.city_id
         OR (ci.include_nearby AND EXISTS (
               SELECT 1 FROM cities ic
               WHERE ic.id = ci.city_id
                 AND earth_distance(ll_to_earth(ic.lat, ic.lng), ll_to_earth(oc.lat, oc.lng)) <= ci.radius_km * 1000))
    JOIN users u ON u.id = ci.user_id
    LEFT JOIN notification_settings ns ON ns.user_id = u.id
    WHERE o.id = ANY(${[...offerIds]}::uuid[])
      AND o.book_until_at > ${now}
      AND o.available_seats > 0
      AND COALESCE(ns.enabled, true)
      AND (NOT COALESCE(ns.weekends_only, false) OR extract(isodow FROM o.offer_date) IN (5, 6, 7))
      AND (NOT COALESCE(ns.favorite_restaurants, false)
           OR EXISTS (SELECT 1 FROM favorites f WHERE f.user_id = u.id AND f.restaurant_id = o.restaurant_id))
    ORDER BY u.id, o.id`.execute(db);
}

export type OfferAnnouncer = (offerIds: readonly string[]) => Promise<number>;

/**
 * Tells each interested diner once about the new offers meant for them: one mail listing them, and
 * one push (kind `alert`, if the diner keeps it on: decision 045) about the soonest. Returns the
 * number of diners told.
 */
export function createOfferAnnouncer(deps: {
  db: Kysely<DB>;
  mailer: Mailer;
  push: PushSender;
  appOrigin: string;
  /** Signs the List-Unsubscribe links (JWT_SECRET; decision 044). */
  unsubscribeSecret: string;
  now?: () => Date;
  log?: FastifyBaseLogger;
}): OfferAnnouncer {
  return async (offerIds) => {
    if (offerIds.length === 0) return 0;
    const { rows } = await findAlerts(deps.db, offerIds, deps.now?.() ?? new Date());
    const byUser = new Map<string, AlertRow[]>();
    for (const row of rows) {
      const alerts = byUser.get(row.user_id);
      if (alerts) alerts.push(row);
      else byUser.set(row.user_id, [row]);
    }
    for (const matches of byUser.values()) {
      const first = matches[0]!;
      // An offer matched by several of the diner's alerts is listed once; the link turns all of them off.
      const alerts = [...new Map(matches.map((row) => [row.offer_id, row])).values()];
      const cityIds = [...new Set(matches.map((row) => row.interest_city_id))].sort((a, b) => a - b);
      const unsubscribe = `${deps.appOrigin}/api/client/alerts/unsubscribe?token=${signAlertUnsubscribe(
        { userId: first.user_id, cityIds, language: first.language },
        deps.unsubscribeSecret,
      )}`;
      const language = first.language;
      const soonestFirst = alerts.sort((a, b) =>
        `${a.offer_date} ${a.book_until}`.localeCompare(`${b.offer_date} ${b.book_until}`),
      );
      const lines: OfferAlertLine[] = soonestFirst.slice(0, LINES_PER_MAIL).map((row) => ({
        restaurantName: row.restaurant_name,
        city: language === "en" ? row.city_name_en : row.city_name_it,
        date: row.offer_date,
        startTime: row.start_time,
        endTime: row.end_time,
        bookUntil: row.book_until,
        seats: row.available_seats,
        discountPercent: row.discount_percent,
        link: `${deps.appOrigin}${paths.offer(row.offer_id)}`,
      }));
      // The mailer logs a message it could not store; one diner's failure must not stop the others'.
      await deps.mailer
        .send({ address: first.email, userId: first.user_id }, language, {
          ...offerAlertMail(language, {
            name: first.first_name || first.display_name,
            offers: lines,
            more: alerts.length - lines.length,
            searchLink: `${deps.appOrigin}${paths.search()}`,
            settingsLink: `${deps.appOrigin}${paths.notifications()}`,
          }),
          // RFC 2369 + RFC 8058: mail providers show an unsubscribe button that POSTs this URL.
          headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        })
        .catch(() => {});
      const soonest = soonestFirst[0]!;
      await deps.push
        .stage(
          deps.push.db,
          first.user_id,
          offerAlertPush(language, {
            offerId: soonest.offer_id,
            restaurantName: soonest.restaurant_name,
            city: language === "en" ? soonest.city_name_en : soonest.city_name_it,
            discountPercent: soonest.discount_percent,
            offerUrl: paths.offer(soonest.offer_id),
            more: alerts.length - 1,
          }),
        )
        .then((send) => send())
        // Like the mail: one diner's push that could not be queued must not stop the others'.
        .catch((error: unknown) => deps.log?.warn({ err: error, userId: first.user_id }, "alert push not queued"));
    }
    return byUser.size;
  };
}
