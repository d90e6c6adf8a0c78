import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/test-app";
import { claimCooldown, releaseCooldownsOf } from "./codes.repository";

const t = useTestApp();
const keys = async () =>
  (await t.database.db.selectFrom("send_cooldowns").select("key").orderBy("key").execute()).map((row) => row.key);

describe("releaseCooldownsOf", () => {
  it("ends every cooldown of the subject, matched whole: `_` and `%` in an address are no wildcards", async () => {
    const db = t.database.db;
    await db.deleteFrom("send_cooldowns").execute();
    const mine = ["email-verification:a_b%c@x.test", "password-reset:a_b%c@x.test"];
    const others = [
      "email-verification:axbyc@x.test",
      "email-verification:za_b%c@x.test",
      "email-change:a_b%c@x.test.it",
    ];
    for (const key of [...mine, ...others]) expect(await claimCooldown(db, key, 60)).toBe(0);

    await releaseCooldownsOf(db, "A_B%C@x.test");
    expect(await keys()).toEqual([...others].sort());
  });
});
