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

describe("share card drawing under load (decision 041)", () => {
  it("draws at most its cap at once, queues a few and refuses the rest with 503 + Retry-After", async () => {
    let drawing = 0;
    let most = 0;
    const cache = createShareCardCache(
      async (card) => {
        drawing += 1;
        most = Math.max(most, drawing);
        await new Promise((resolve) => setTimeout(resolve, 5));
        drawing -= 1;
        return Buffer.from(JSON.stringify(card));
      },
      { active: 2, queued: 3, retryAfterSeconds: 2 },
    );
    // Twenty different restaurants at once, as a crawler cycling through the sitemap's ids.
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        cache.png(restaurantCard(restaurantFixture({ name: `Trattoria ${index}` }), "it")),
      ),
    );
    expect(most).toBe(2);
    expect(answers.filter((answer) => answer.status === "fulfilled")).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status === "rejected");
    expect(refused).toHaveLength(15);
    expect(refused[0]).toMatchObject({ reason: { statusCode: 503, fields: { retryAfter: 2 } } });
  });
});
