import { hash } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { argon2ProfileFor, hashPassword, OWASP_ARGON2, TEST_ARGON2, verifyPassword } from "./passwords";

describe("the argon2id profile (decision 078)", () => {
  it("is OWASP's for every process but a Vitest worker", () => {
    expect(argon2ProfileFor({})).toBe(OWASP_ARGON2);
    expect(argon2ProfileFor({ NODE_ENV: "production" })).toBe(OWASP_ARGON2);
    expect(argon2ProfileFor({ VITEST: "false" })).toBe(OWASP_ARGON2);
    expect(argon2ProfileFor({ VITEST: "true" })).toBe(TEST_ARGON2);
  });

  it("writes its parameters into the hash, so a hash of either profile verifies", async () => {
    const hashed = await hashPassword("Tavolo1!");
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(hashed, "Tavolo1!")).toBe(true);
    expect(await verifyPassword(hashed, "Tavolo2!")).toBe(false);
    // OWASP's profile, as a real start stores it.
    const stored = await hash("Tavolo1!", OWASP_ARGON2);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, "Tavolo1!")).toBe(true);
    expect(await verifyPassword(null, "Tavolo1!")).toBe(false);
  });
});
