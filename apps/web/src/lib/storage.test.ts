import { describe, expect, it, vi } from "vitest";
import { storage } from "./storage";

describe("storage", () => {
  it("reads corrupt JSON as null instead of throwing", () => {
    localStorage.setItem("user", "{not json");
    localStorage.setItem("currentUserDisplayInfo", "[1,2");
    expect(storage.getJson("user")).toBeNull();
    expect(storage.getJson("currentUserDisplayInfo")).toBeNull();
  });

  it("rejects values that are not a user and accepts uid for id", () => {
    localStorage.setItem("user", JSON.stringify({ email: "a@b.it" }));
    expect(storage.getJson("user")).toBeNull();
    localStorage.setItem(
      "user",
      JSON.stringify({ uid: "u9", email: "a@b.it", firstName: "Ada", phoneVerified: "yes" }),
    );
    expect(storage.getJson("user")).toMatchObject({
      id: "u9",
      email: "a@b.it",
      firstName: "Ada",
      phoneVerified: undefined,
    });
  });

  it("round-trips strings and JSON, and clearSession removes only the session keys", () => {
    storage.setString("auth_token", "t");
    storage.setString("refresh_token", "r");
    storage.setString("i18nextLng", "en");
    storage.setJson("user", { id: "1", email: "a@b.it" });
    expect(storage.getString("auth_token")).toBe("t");
    expect(storage.getJson("user")?.email).toBe("a@b.it");
    storage.clearSession();
    expect(storage.getString("auth_token")).toBeNull();
    expect(storage.getString("refresh_token")).toBeNull();
    expect(storage.getJson("user")).toBeNull();
    expect(storage.getString("i18nextLng")).toBe("en");
  });

  it("keeps working in memory when the browser storage throws", () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("quota", "QuotaExceededError");
    });
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(() => storage.setString("autoLogin", "true")).not.toThrow();
    expect(storage.getString("autoLogin")).toBe("true");
    expect(storage.getJson("user")).toBeNull();
  });
});
