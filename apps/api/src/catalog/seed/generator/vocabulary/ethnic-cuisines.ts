import type { SearchCategory } from "@tavolo/shared/categories";
import type { Weighted } from "../prng";
import type { Bilingual, Cuisine, EthnicNaming } from "./types";
import vocabulary from "./ethnic-cuisines.json" with { type: "json" };

function ethnicCuisine(
  { description, ...ethnic }: EthnicNaming & { description: Bilingual },
  extras: Weighted<SearchCategory>,
): Cuisine {
  return { category: "etnico", types: [["ristorante", 1]], extras, cores: [], ethnic, descriptions: [description] };
}

/** The foreign cuisines behind "etnico", weighted by how common they are in Italian cities. */
export const ETHNIC_CUISINES: Weighted<Cuisine> = [
  [ethnicCuisine(vocabulary.indian, [["vegetariano", 0.6]]), 20],
  [
    ethnicCuisine(vocabulary.thai, [
      ["vegetariano", 0.2],
      ["pesce", 0.2],
    ]),
    12,
  ],
  [ethnicCuisine(vocabulary.chinese, [["pesce", 0.2]]), 20],
  [ethnicCuisine(vocabulary.mexican, [["carne", 0.5]]), 12],
  [
    ethnicCuisine(vocabulary.lebanese, [
      ["vegetariano", 0.6],
      ["carne", 0.3],
    ]),
    8,
  ],
  [
    ethnicCuisine(vocabulary.greek, [
      ["carne", 0.4],
      ["pesce", 0.3],
    ]),
    10,
  ],
  [
    ethnicCuisine(vocabulary.ethiopian, [
      ["vegetariano", 0.5],
      ["carne", 0.3],
    ]),
    6,
  ],
  [ethnicCuisine(vocabulary.peruvian, [["pesce", 0.7]]), 6],
  [ethnicCuisine(vocabulary.korean, [["carne", 0.6]]), 6],
];
