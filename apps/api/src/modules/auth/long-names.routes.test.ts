import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/test-app";
import { bearer, post, register, registration } from "../../../test/auth-helpers";

/**
 * Each name may be 60 characters, so the two together may be 121: every account route takes them
 * and stores them whole, with a display name derived to fit its 60 (decision 019).
 */
const t = useTestApp();

const FIRST = "Maria Antonietta Giuseppina Carolina"; // 36
const LAST = "Della Rovere di Montefeltro Sforza"; // 34
const sixty = (letter: string) => letter.repeat(60);

const storedNames = (userId: string) =>
  t.database.db
    .selectFrom("users")
    .select(["first_name", "last_name", "display_name"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();

describe("names that are long together", () => {
  it("register takes two names of 71 characters together and derives a display name that fits", async () => {
    const res = await post(t.app, "/api/client/register", registration({ firstName: FIRST, lastName: LAST }));
    expect(res.statusCode, res.body).toBe(201);
    const { user, userId } = res.json();
    expect(user).toMatchObject({ firstName: FIRST, lastName: LAST, displayName: `${FIRST} D.` });
    expect(await storedNames(userId)).toEqual({ first_name: FIRST, last_name: LAST, display_name: `${FIRST} D.` });
  });

  it("createUserProfile takes two names of 60 characters each", async () => {
    const diner = await register(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/client/createUserProfile",
      headers: bearer(diner.token),
      payload: { userId: diner.userId, firstName: sixty("a"), lastName: sixty("b") },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedNames(diner.userId)).toEqual({
      first_name: sixty("a"),
      last_name: sixty("b"),
      display_name: sixty("a"),
    });
  });

  it("updateProfile takes a long first name that only the stored last name makes too long", async () => {
    const diner = await register(t.app, { firstName: "Giulia", lastName: "Bianchi" });
    const update = (payload: object) =>
      t.app.inject({
        method: "PUT",
        url: `/api/client/updateProfile/${diner.userId}`,
        headers: bearer(diner.token),
        payload,
      });
    const first = "Anna".padEnd(55, "a");
    const res = await update({ firstName: first });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedNames(diner.userId)).toEqual({
      first_name: first,
      last_name: "Bianchi",
      display_name: `${first} B.`,
    });
    // Still derived, so it follows the next change of name.
    expect((await update({ lastName: "Neri", firstName: "Anna" })).statusCode).toBe(200);
    expect((await storedNames(diner.userId)).display_name).toBe("Anna Neri");
  });
});
