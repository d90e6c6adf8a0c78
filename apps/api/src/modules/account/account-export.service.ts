import type { Kysely } from "kysely";
import { listDinerSubscriptions } from "../push/push.repository";
import type { AccountExport } from "@tavolo/shared/account-data";
import { EXPORT_MAIL_HISTORY_DAYS } from "@tavolo/shared/constants";
import { wallClockOf } from "@tavolo/shared/dates";
import type { Language } from "@tavolo/shared/languages";
import type { DB } from "../../db/schema";
import { unauthorized } from "../../errors";
import { findNotificationSettings } from "./account.repository";
import { toAuthUser } from "../auth/user.mapper";
import * as users from "../auth/users.repository";
import { findCityInterests } from "../offers/city-interests.repository";
import { listUserReservationViews, type ReservationViewRow } from "../reservations/reservation-views.repository";
import { listAllEntryViews } from "../waitlist/waitlist.repository";
import * as repo from "./account-export.repository";

const cityName = (language: Language, row: { name_it: string; name_en: string }) =>
  language === "en" ? row.name_en : row.name_it;

function toExportedBooking(row: ReservationViewRow, language: Language) {
  const { date, time } = wallClockOf(row.starts_at, row.time_zone);
  return {
    id: row.id,
    restaurantId: row.restaurant_id,
    restaurantName: row.restaurant_name,
    city: cityName(language, { name_it: row.city_name_it, name_en: row.city_name_en }),
    date,
    time,
    numberOfPeople: row.party_size,
    status: row.status,
    specialRequests: row.special_requests,
    tableNumber: row.table_number,
    lastMinuteId: row.offer_id,
    createdAt: row.created_at.toISOString(),
    cancelledAt: row.cancelled_at?.toISOString() ?? null,
  };
}

/** Everything Tavolo holds about a diner, as one document (GDPR art. 15 and 20, decision 021). */
export function createAccountExportService(db: Kysely<DB>) {
  return {
    async export(userId: string, sessionId: string): Promise<AccountExport> {
      const user = await users.findUserById(db, userId);
      if (!user) throw unauthorized("invalid_token", "apiErrors.invalidToken");
      // City names in the diner's own language: the document is theirs, wherever it is opened.
      const language = user.language;
      const [bookings, favorites, notificationSettings, cityAlerts, sessions, emails, entries, browsers] =
        await Promise.all([
          listUserReservationViews(db, userId),
          repo.listFavoriteRestaurants(db, userId),
          findNotificationSettings(db, userId),
          findCityInterests(db, userId),
          repo.listOpenSessions(db, userId),
          repo.listRecentMail(db, user.id, EXPORT_MAIL_HISTORY_DAYS),
          listAllEntryViews(db, userId),
          listDinerSubscriptions(db, userId),
        ]);
      const exported = bookings.map((row) => toExportedBooking(row, language));
      return {
        exportedAt: new Date().toISOString(),
        profile: { ...toAuthUser(user), createdAt: user.created_at.toISOString() },
        signInMethods: { password: user.password_hash !== null, google: user.google_sub !== null },
        reservations: exported.filter((booking) => booking.lastMinuteId === null),
        offerBookings: exported.filter((booking) => booking.lastMinuteId !== null),
        favorites: favorites.map((row) => ({
          restaurantId: row.id,
          restaurantName: row.name,
          city: cityName(language, row),
          savedAt: row.created_at.toISOString(),
        })),
        notificationSettings,
        cityAlerts: cityAlerts.map((row) => ({
          city: cityName(language, row),
          citySlug: row.slug,
          includeNearbyCities: row.include_nearby,
          radiusKm: row.radius_km,
        })),
        waitlist: entries.map((row) => ({
          restaurantName: row.restaurant_name,
          lastMinuteId: row.offer_id,
          date: row.wanted_date,
          timeFrom: row.time_from,
          timeTo: row.time_to,
          people: row.party_size,
          status: row.status,
          joinedAt: row.created_at.toISOString(),
        })),
        pushSubscriptions: browsers.map((row) => ({
          pushService: new URL(row.endpoint).origin,
          subscribedAt: row.created_at.toISOString(),
        })),
        sessions: sessions.map((row) => ({
          createdAt: row.created_at.toISOString(),
          lastUsedAt: new Date(row.last_used_at).toISOString(),
          current: row.id === sessionId,
        })),
        emails: emails.map((row) => ({ subject: row.subject, sentAt: (row.sent_at ?? row.created_at).toISOString() })),
      };
    },
  };
}
export type AccountExportService = ReturnType<typeof createAccountExportService>;
