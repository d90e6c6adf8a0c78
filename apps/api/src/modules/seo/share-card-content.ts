import { createHash } from "node:crypto";
import type { Language } from "@tavolo/shared/languages";
import type { LastMinuteOffer } from "@tavolo/shared/offers";
import type { RestaurantDetail } from "@tavolo/shared/restaurants";
import { SEO_TEXTS } from "./seo-texts";

/**
 * What a share card shows, and nothing else: the image is a pure function of this, so its hash
 * names the image (cache key, ETag and the `v` of the og:image URL). Seats left are not on the card:
 * they change with every booking, and the card would be redrawn each time (decision 028).
 */
export type ShareCard =
  | { kind: "generic"; language: Language }
  | { kind: "restaurant"; language: Language; name: string; city: string; cuisines: string[]; picture: string }
  | {
      kind: "offer";
      language: Language;
      name: string;
      city: string;
      /** The restaurant's illustration, a path in the web app's public folder. */
      picture: string;
      deal: string;
      /** "giovedì 26 novembre" and "19:30–21:00" */
      date: string;
      time: string;
      bookBy: string;
    };

/** Bump when the drawing changes, so every card gets a new address and ETag. */
const CARD_DESIGN = 2;

export const genericCard = (language: Language): ShareCard => ({ kind: "generic", language });

export function restaurantCard(restaurant: RestaurantDetail, language: Language): ShareCard {
  const texts = SEO_TEXTS[language];
  return {
    kind: "restaurant",
    language,
    name: restaurant.name,
    city: restaurant.city,
    cuisines: restaurant.categories.map((category) => texts.cuisine[category]),
    picture: restaurant.imageUrl,
  };
}

export function offerCard(offer: LastMinuteOffer, language: Language): ShareCard {
  const texts = SEO_TEXTS[language];
  return {
    kind: "offer",
    language,
    name: offer.restaurantName,
    city: offer.city,
    picture: offer.restaurantImageUrl,
    deal: offer.discountPercent ? texts.cardDiscount(offer.discountPercent) : texts.cardNoDiscount,
    date: offer.formattedDate,
    time: `${offer.startTime}–${offer.endTime}`,
    bookBy: texts.cardBookBy(offer.bookUntil),
  };
}

/** A short hash of everything drawn: equal cards, equal version, in every process. */
export function cardVersion(card: ShareCard): string {
  return createHash("sha256")
    .update(JSON.stringify([CARD_DESIGN, card]))
    .digest("base64url")
    .slice(0, 16);
}

export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;

/** The card routes (share-card.routes.ts), outside /api like the pages whose previews they are. */
export const shareCardRoutes = {
  generic: "/share/tavolo.png",
  restaurant: "/share/restaurants/:id.png",
  offer: "/share/lastminute/:id.png",
} as const;

/** Path and query of a card's image; `v` changes with what the card shows, so social caches refetch. */
export function shareCardPath(
  target: { kind: "generic" } | { kind: "restaurant" | "offer"; id: string },
  card: ShareCard,
): string {
  const query = `?lang=${card.language}&v=${cardVersion(card)}`;
  if (target.kind === "generic") return shareCardRoutes.generic + query;
  const route = target.kind === "restaurant" ? shareCardRoutes.restaurant : shareCardRoutes.offer;
  return route.replace(":id", encodeURIComponent(target.id)) + query;
}
