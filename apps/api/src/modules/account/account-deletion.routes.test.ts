import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { deleteAccount, exportAccount, fullDiner, type FullDiner } from "../../../test/account-data-helpers";
import { bearer, codeIn, latestMail, post, register, registration, STRONG_PASSWORD } from "../../../test/auth-helpers";
import { newGoogleUser, useGoogleMock } from "../../../test/google-mock";
import { addOffer, bookOffer, offerClosingIn, seatsOf } from "../../../test/offer-helpers";
import { findEverywhere } from "../../../test/personal-data";
import { createBookingFixture, diner, makeReservation } from "../../../test/reservation-helpers";
import { useFixture, useTestApp, type TestApp } from "../../../test/test-app";

const google = useGoogleMock();
const t = useTestApp(() => ({ env: google.env }));
const f = useFixture(async () => {
  const restaurants = await createBookingFixture(t);
  return { restaurants, offerId: await addOffer(t, offerClosingIn(restaurants.allDay.id, 180)) };
});
let day = 2;
const newFullDiner = (language: "it" | "en" = "it") => fullDiner(t, { ...f, day: day++, language });

/** What a deletion must not touch when it is refused: the person's rows, all of them. */
async function footprint(t: TestApp, who: FullDiner) {
  const count = (table: string) =>
    sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE user_id = ${who.userId}`
      .execute(t.database.db)
      .then((result) => result.rows[0]!.n);
  const live = await sql<{ n: number }>`SELECT count(*)::int AS n FROM reservations
    WHERE user_id = ${who.userId} AND status IN ('pending', 'confirmed')`.execute(t.database.db);
  return {
    users: (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE id = ${who.userId}`.execute(t.database.db)
    ).rows[0]!.n,
    live: live.rows[0]!.n,
    sessions: await count("auth_sessions"),
    favorites: await count("favorites"),
    alerts: await count("city_interests"),
    settings: await count("notification_settings"),
    seats: await seatsOf(t, f.offerId),
  };
}

describe("DELETE /api/client/account", () => {
  it("refuses a wrong password with 400 and changes nothing", async () => {
    const who = await newFullDiner();
    const before = await footprint(t, who);
    const wrong = await deleteAccount(t, who.headers, { password: "Sbagliata#2025" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false, code: "delete_password_wrong" });
    const typedEmail = await deleteAccount(t, who.headers, { confirmEmail: who.email });
    expect(typedEmail.json()).toMatchObject({ code: "delete_password_needed" });
    const empty = await deleteAccount(t, who.headers, {});
    expect(empty.statusCode).toBe(400);
    expect(await footprint(t, who)).toEqual(before);
    expect((await exportAccount(t, who.headers)).statusCode).toBe(200);
  });

  it("with the right password: the account is gone, every way back in is refused, and the address can register again", async () => {
    const who = await newFullDiner();
    const res = await deleteAccount(t, who.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: "Il tuo account è stato eliminato. Ti abbiamo inviato un'email di conferma.",
    });

    const login = await post(t.app, "/api/client/login", { email: who.email, password: STRONG_PASSWORD });
    expect(login.statusCode).toBe(401);
    const refresh = await post(t.app, "/api/client/refresh-token", { refreshToken: who.refreshToken });
    expect(refresh.statusCode).toBe(401);
    const profile = await t.app.inject({ method: "GET", url: "/api/client/user-profile", headers: who.headers });
    expect(profile.statusCode).toBe(401);
    expect(profile.json()).toMatchObject({ success: false, code: "invalid_token" });
    expect((await exportAccount(t, who.headers)).statusCode).toBe(401);
    expect((await deleteAccount(t, who.headers)).statusCode).toBe(401);

    const again = await post(t.app, "/api/client/register", registration({ email: who.email }));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().userId).not.toBe(who.userId);
  });

  it("frees the upcoming table for another diner at once and gives the offer its seats back", async () => {
    const who = await newFullDiner();
    const seatsBefore = await seatsOf(t, f.offerId);
    const rival = await diner(t);
    const table = {
      restaurantId: f.restaurants.allDay.id,
      tableId: who.upcomingTable.tableId,
      date: who.upcomingTable.date,
      time: who.upcomingTable.time,
      numberOfPeople: 2,
    };
    // Availability is cached for seconds: read it first, so a stale answer would show.
    const availability = () =>
      t.app.inject({
        method: "GET",
        url: `/api/client/getAvailableTables/${table.restaurantId}?date=${table.date}&time=${table.time}&people=2`,
      });
    const taken = (await availability()).json() as { tables: { id: string; isAvailable: boolean }[] };
    expect(taken.tables.find((candidate) => candidate.id === table.tableId)?.isAvailable).toBe(false);
    expect((await makeReservation(t, rival, table)).statusCode).toBe(409);

    expect((await deleteAccount(t, who.headers)).statusCode).toBe(200);

    const freed = (await availability()).json() as { tables: { id: string; isAvailable: boolean }[] };
    expect(freed.tables.find((candidate) => candidate.id === table.tableId)?.isAvailable).toBe(true);
    expect((await makeReservation(t, rival, table)).statusCode).toBe(201);
    const seatsAfter = await seatsOf(t, f.offerId);
    expect(seatsAfter.available).toBe(seatsBefore.available + 2);
    expect(seatsAfter.available + seatsAfter.booked).toBe(seatsAfter.total);
    expect((await bookOffer(t, rival, { lastMinuteId: f.offerId, people: 2 })).statusCode).toBe(201);
  });

  it("keeps past bookings for the restaurant with nothing personal, and cancels the upcoming ones", async () => {
    const who = await newFullDiner();
    expect((await deleteAccount(t, who.headers)).statusCode).toBe(200);
    const kept = await t.database.db
      .selectFrom("reservations")
      .select(["id", "user_id", "special_requests", "status", "party_size", "restaurant_id"])
      .where("id", "in", [who.pastBooking, who.upcomingTable.id, who.offerBooking])
      .execute();
    const byId = Object.fromEntries(kept.map((row) => [row.id, row]));
    expect(byId[who.pastBooking]).toMatchObject({
      user_id: null,
      special_requests: "",
      status: "confirmed",
      party_size: 2,
      restaurant_id: f.restaurants.allDay.id,
    });
    expect(byId[who.upcomingTable.id]).toMatchObject({ user_id: null, special_requests: "", status: "cancelled" });
    expect(byId[who.offerBooking]).toMatchObject({ user_id: null, special_requests: "", status: "cancelled" });
  });

  it("leaves the person's e-mail, name and phone in no text column of any table, once the last mail has left", async () => {
    const who = await newFullDiner("en");
    // A reset link: a secret bound to the address and the user.
    await post(t.app, "/api/client/request-password-reset", { email: who.email });
    const needles = [who.email, who.firstName, who.lastName, who.phone];
    // The search finds the person while the account exists: users, codes, mail, sessions' owner…
    expect((await findEverywhere(t.database.db, needles)).length).toBeGreaterThanOrEqual(4);
    expect((await deleteAccount(t, who.headers)).statusCode).toBe(200);

    const goodbye = await latestMail(t.app, who.email, "account-deleted");
    expect(goodbye).toMatchObject({ language: "en", subject: "Your Tavolo account has been deleted" });
    expect(goodbye.text).toContain("We cancelled your upcoming bookings (2)");
    await expect.poll(() => findEverywhere(t.database.db, needles)).toEqual([]);
  });

  /** A Google account signed up with the native flow, and its bearer headers. */
  async function googleDiner() {
    const person = newGoogleUser({ givenName: "Benedetta", familyName: "Loria" });
    const signedUp = await post(t.app, "/api/client/auth/google", {
      idToken: await google.idToken(person),
      registration: true,
      termsAccepted: true,
    });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    return { person, headers: bearer(signedUp.json().token as string) };
  }

  const sendDeletionCode = (headers: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/api/client/account/deletion-code",
      headers: { ...headers, "accept-language": "en" },
    });

  it("refuses to delete a Google account on its address typed again: the token alone can read it (decision 036)", async () => {
    const { person, headers } = await googleDiner();
    const typed = await deleteAccount(t, headers, { confirmEmail: person.email });
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toMatchObject({ code: "delete_proof_needed" });
    const wrong = await deleteAccount(t, headers, { confirmEmail: "someone.else@example.it", code: "123456" });
    expect(wrong.json()).toMatchObject({ code: "delete_email_mismatch" });
    expect((await deleteAccount(t, headers, { password: "Anything#2025" })).statusCode).toBe(400);
    expect((await exportAccount(t, headers)).statusCode).toBe(200);
  });

  it("deletes a Google account with the code mailed to its address, and refuses a wrong one", async () => {
    const { person, headers } = await googleDiner();
    const sent = await sendDeletionCode(headers);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({
      success: true,
      message: "We emailed you a 6-digit code: enter it here to confirm the deletion.",
    });
    const code = codeIn(await latestMail(t.app, person.email, "deletion-code"));
    const wrongCode = code === "000000" ? "111111" : "000000";
    const refused = await deleteAccount(t, headers, { code: wrongCode });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "delete_code_wrong" });
    expect((await exportAccount(t, headers)).statusCode).toBe(200);

    const res = await deleteAccount(t, headers, { code, confirmEmail: ` ${person.email.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    const again = await post(t.app, "/api/client/auth/google", { idToken: await google.idToken(person) });
    expect(again.statusCode).toBe(404);
  });

  it("deletes a Google account with an ID token of a sign-in under 10 minutes old, not an older or another one", async () => {
    const { person, headers } = await googleDiner();
    const now = Math.floor(Date.now() / 1000);
    const stale = await google.idToken(person, undefined, { auth_time: now - 11 * 60 });
    expect((await deleteAccount(t, headers, { idToken: stale })).json()).toMatchObject({
      code: "delete_id_token_stale",
    });
    const noAuthTime = await google.idToken(person);
    expect((await deleteAccount(t, headers, { idToken: noAuthTime })).statusCode).toBe(400);
    const someoneElse = await google.idToken(newGoogleUser(), undefined, { auth_time: now - 30 });
    expect((await deleteAccount(t, headers, { idToken: someoneElse })).statusCode).toBe(400);
    expect((await deleteAccount(t, headers, { idToken: "not.a.token" })).statusCode).toBe(400);
    expect((await exportAccount(t, headers)).statusCode).toBe(200);

    const fresh = await google.idToken(person, undefined, { auth_time: now - 60 });
    const res = await deleteAccount(t, headers, { idToken: fresh });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("mails no deletion code to a password account: its password is the proof", async () => {
    const who = await register(t.app);
    const res = await sendDeletionCode(bearer(who.token));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "delete_password_needed" });
  });

  it("cannot be aimed at another account: a diner's token deletes only that diner", async () => {
    const victim = await newFullDiner();
    const attacker = await register(t.app);
    // The victim's password with the attacker's token: checked against the attacker's account.
    const res = await deleteAccount(t, bearer(attacker.token), { password: "Sbagliata#2025", userId: victim.userId });
    expect(res.statusCode).toBe(400);
    const stillThere = await exportAccount(t, victim.headers);
    expect(stillThere.statusCode).toBe(200);
    expect(stillThere.json().profile.id).toBe(victim.userId);
    expect((await deleteAccount(t, {}, { password: STRONG_PASSWORD })).statusCode).toBe(401);
  });
});
