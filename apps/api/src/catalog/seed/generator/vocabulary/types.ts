import type { RestaurantType, SearchCategory } from "@tavolo/shared/categories";
import type { Weighted } from "../prng";

export interface Bilingual {
  it: string;
  en: string;
}

/** Names of foreign cuisines: "Ristorante Indiano Taj Mahal", "Bangkok Thai Kitchen", "Zorba". */
export interface EthnicNaming {
  prefixes: readonly string[];
  suffixes: readonly string[];
  cores: readonly string[];
}

/**
 * One way of cooking under a search category. Most categories have one; "etnico" has one per
 * foreign cuisine so that names, descriptions and secondary categories agree with each other.
 */
export interface Cuisine {
  category: SearchCategory;
  types: Weighted<RestaurantType>;
  /** Possible secondary categories, each with its own probability. */
  extras: Weighted<SearchCategory>;
  /** Core names for Italian-style names ("Il Pescatore"); unused by ethnic cuisines. */
  cores: readonly string[];
  ethnic?: EthnicNaming;
  /** Templates: {di} = "di Milano" / "dell'Aquila", {a} = "a Milano" / "ad Asti", {en} = English name. */
  descriptions: readonly Bilingual[];
}
