import type { LastMinuteOffer } from "@tavolo/shared/offers";

/** The street address with its city, once: addresses usually name their city already ("…, 20121 Milano"). */
export function offerAddress(offer: Pick<LastMinuteOffer, "restaurantAddress" | "city">): string {
  return offer.restaurantAddress.includes(offer.city)
    ? offer.restaurantAddress
    : `${offer.restaurantAddress}, ${offer.city}`;
}
