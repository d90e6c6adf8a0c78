import { describe, expect, it } from "vitest";
import { offerFixture, restaurantFixture } from "../../../test/seo-fixtures";
import { createShareCardCache } from "./share-card-cache";
import { offerCard, restaurantCard, type ShareCard } from "./share-card-content";

function countingCache() {
  const drawn: ShareCard[] = [];
  const cache = createShareCardCache(async (card) => {
    drawn.push(card);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return Buffer.from(JSON.stringify(card));
  });
  return { cache, drawn };
}

describe("share card cache", () => {
  it("draws a card once, however many requests ask for it at the same time or later", async () => {
    const { cache, drawn } = countingCache();
    const card = restaurantCard(restaurantFixture(), "it");
    const answers = await Promise.all([cache.png(card), cache.png(card), cache.png(card)]);
    await cache.png(card);
    expect(drawn).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.version)).size).toBe(1);
  });

  it("draws again only when something the card shows changes (not the seats left)", async () => {
    const { cache, drawn } = countingCache();
    await cache.png(offerCard(offerFixture(), "it"));
    await cache.png(offerCard(offerFixture({ currentAvailableSeats: 1, timeRemainingMinutes: 3 }), "it"));
    expect(drawn).toHaveLength(1);
    await cache.png(offerCard(offerFixture({ discountPercent: 40 }), "it"));
    await cache.png(offerCard(offerFixture(), "en"));
    expect(drawn).toHaveLength(3);
  });
});
