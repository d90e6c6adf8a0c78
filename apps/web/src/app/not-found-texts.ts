/** The texts a not-found page shows: the generic ones, or a restaurant's or an offer's (decision 027). */
export interface NotFoundTexts {
  titleKey: string;
  textKey: string;
}

export const GENERIC_NOT_FOUND: NotFoundTexts = { titleKey: "notFound.title", textKey: "notFound.text" };

/**
 * What a missing restaurant or offer is called on its not-found page and in its <title>. Apart from
 * the page itself: the loaders name a missing page's head with them, and must not bring its styles.
 */
export const NOT_FOUND_TEXTS = {
  restaurant: { titleKey: "restaurant.notFound", textKey: "restaurant.notFoundText" },
  offer: { titleKey: "offers.notFound", textKey: "offers.notFoundText" },
} satisfies Record<string, NotFoundTexts>;
