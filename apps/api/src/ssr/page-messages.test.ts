import path from "node:path";
import { describe, expect, it } from "vitest";
import { addOffer, createOfferFixture, offerClosingIn } from "../../test/offer-helpers";
import { useFixture, useTestApp } from "../../test/test-app";
import { inProcessFetch } from "./in-process-fetch";
import type { ServerEntry } from "@tavolo/shared/server-render";
import { appShellDist } from "../../test/web-build";

/**
 * The first render of a public page waits only for the start part of the messages (decision 031):
 * the server renders with nothing else, as the browser hydrates. A key from the rest would show raw
 * on both sides, so every public page, in both languages, must ask for none.
 */
const entryFile = path.resolve(import.meta.dirname, "../../../web/src/entry-server.tsx");
const render = ((await import(entryFile)) as ServerEntry).createPageRenderer(appShellDist());

const t = useTestApp();
const f = useFixture(async () => {
  const restaurants = await createOfferFixture(t);
  const offerId = await addOffer(t, offerClosingIn(restaurants.milano, 120, { totalSeats: 6 }));
  return { restaurants, offerId };
});

describe("the messages a public page's first render uses", () => {
  it.each(["it", "en"] as const)("are all in the start part (%s)", async (language) => {
    const urls = [
      "/",
      "/search?location=milano",
      "/search?location=milano&category=pizza",
      "/search?location=nowhere",
      `/restaurants/${f.restaurants.milano}`,
      `/lastminute/${f.offerId}`,
      "/restaurants/00000000-0000-4000-8000-000000000000",
      "/lastminute/00000000-0000-4000-8000-000000000000",
    ];
    const fetch = inProcessFetch(t.app);
    const missing: Record<string, string[]> = {};
    for (const url of urls) {
      const page = await render({
        url,
        origin: "https://tavolo.example",
        language,
        now: Date.now(),
        fetch,
        signedIn: false,
        head: () => "",
      });
      if (page.missingMessages.length) missing[url] = [...new Set(page.missingMessages)].sort();
    }
    expect(missing, "keys to move into apps/web/src/i18n/locales/start").toEqual({});
  });
});
