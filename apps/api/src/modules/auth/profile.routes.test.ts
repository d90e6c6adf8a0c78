import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { bearer, register } from "../../../test/auth-helpers";

let t: TestApp;
let alice: Awaited<ReturnType<typeof register>>;
let bob: Awaited<ReturnType<typeof register>>;
beforeAll(async () => {
  t = await createTestApp();
  alice = await register(t.app, { firstName: "Alice", lastName: "Neri" });
  bob = await register(t.app, { firstName: "Bob", lastName: "Gialli" });
});
afterAll(() => t.close());

const get = (url: string, token = alice.token) => t.app.inject({ method: "GET", url, headers: bearer(token) });
const send = (method: "POST" | "PUT", url: string, payload: object, token = alice.token) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

describe("profile reads", () => {
  it("return the caller's profile with authProvider on every path, ignoring a cache-busting parameter", async () => {
    const expected = { id: alice.userId, email: alice.user.email, firstName: "Alice", authProvider: "password" };
    for (const url of [
      `/api/client/getUserProfile/${alice.userId}`,
      `/api/client/getUserProfile/${alice.userId}?_t=1735000000000`,
      `/api/client/getUserProfile?userId=${alice.userId}&_t=1735000000000`,
      `/api/client/users/${alice.userId}/profile`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json().profile, url).toMatchObject(expected);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    const me = await get("/api/client/user-profile");
    expect(me.json()).toMatchObject({ success: true, user: expected });
  });

  it("403 for another user's profile, 401 without a token, 400 for a malformed id", async () => {
    for (const url of [
      `/api/client/getUserProfile/${bob.userId}`,
      `/api/client/getUserProfile?userId=${bob.userId}`,
      `/api/client/users/${bob.userId}/profile`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: "forbidden" });
      expect(res.body).not.toContain(bob.user.email);
    }
    const anonymous = await t.app.inject({ method: "GET", url: `/api/client/getUserProfile/${alice.userId}` });
    expect(anonymous.statusCode).toBe(401);
    const malformed = await get("/api/client/getUserProfile/not-a-uuid");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe("ID utente non valido");
    const missing = await get("/api/client/getUserProfile?_t=1");
    expect(missing.json().error).toBe("ID utente obbligatorio");
  });
});

describe("profile writes", () => {
  it("createUserProfile fills the caller's fields; the e-mail cannot change there", async () => {
    const res = await send("POST", "/api/client/createUserProfile", {
      userId: alice.userId,
      firstName: "Alicia",
      lastName: "Neri",
      email: alice.user.email.toUpperCase(),
      phoneNumber: "+39 02 1234 5678",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      profile: { firstName: "Alicia", displayName: "Alicia Neri", phoneNumber: "+390212345678", phoneVerified: false },
    });
    const changed = await send("POST", "/api/client/createUserProfile", {
      userId: alice.userId,
      firstName: "A",
      lastName: "B",
      email: "other@example.it",
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().code).toBe("email_change_not_allowed");
    expect((await get("/api/client/user-profile")).json().user.email).toBe(alice.user.email);
  });

  it("updateProfile changes only what is sent; a new phone number must be verified again", async () => {
    const res = await send("PUT", `/api/client/updateProfile/${alice.userId}`, {
      displayName: "Ali",
      language: "en",
      newsletterSubscribed: true,
      phoneNumber: "+44 20 7946 0958",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      firstName: "Alicia",
      displayName: "Ali",
      language: "en",
      newsletterSubscribed: true,
      phoneNumber: "+442079460958",
      phoneVerified: false,
    });
    const cleared = await send("PUT", `/api/client/updateProfile/${alice.userId}`, { phoneNumber: "" });
    expect(cleared.json().profile.phoneNumber).toBeNull();
  });

  it("403 when updating or creating someone else's profile, and nothing changes", async () => {
    const update = await send("PUT", `/api/client/updateProfile/${bob.userId}`, { firstName: "Hacked" });
    expect(update.statusCode).toBe(403);
    const create = await send("POST", "/api/client/createUserProfile", {
      userId: bob.userId,
      firstName: "Hacked",
      lastName: "X",
    });
    expect(create.statusCode).toBe(403);
    expect((await get("/api/client/user-profile", bob.token)).json().user.firstName).toBe("Bob");
  });

  it("400 for invalid fields and malformed JSON, and nothing changes", async () => {
    const bad = await send("PUT", `/api/client/updateProfile/${bob.userId}`, { firstName: "" }, bob.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("Inserisci il nome");
    const phone = await send("PUT", `/api/client/updateProfile/${bob.userId}`, { phoneNumber: "333" }, bob.token);
    expect(phone.statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: "PUT",
      url: `/api/client/updateProfile/${bob.userId}`,
      headers: { ...bearer(bob.token), "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect((await get("/api/client/user-profile", bob.token)).json().user).toMatchObject({
      firstName: "Bob",
      phoneNumber: null,
    });
  });
});
