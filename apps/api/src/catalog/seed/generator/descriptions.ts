/** Bilingual restaurant descriptions, filled in with the city's name. */
import type { RestaurantType } from "@tavolo/shared/categories";
import { pick, type Rng } from "./prng";
import type { Bilingual, Cuisine } from "./vocabulary/types";
import descriptions from "./vocabulary/descriptions.json" with { type: "json" };

/** Italian needs the article for "L'Aquila" and "La Spezia" and "ad" before an "a". */
function italianPrepositions(nameIt: string): { di: string; a: string } {
  if (nameIt.startsWith("L'")) {
    const rest = nameIt.slice(2);
    return { di: `dell'${rest}`, a: `all'${rest}` };
  }
  if (nameIt.startsWith("La ")) {
    const rest = nameIt.slice(3);
    return { di: `della ${rest}`, a: `alla ${rest}` };
  }
  return { di: `di ${nameIt}`, a: /^a/i.test(nameIt) ? `ad ${nameIt}` : `a ${nameIt}` };
}

/** {di} = "di Milano" / "dell'Aquila", {a} = "a Milano" / "ad Asti", {en} = English name. */
function fillTemplate(template: string, values: Readonly<Record<"di" | "a" | "en", string>>): string {
  return template.replace(/\{(di|a|en)\}/g, (_match, key: "di" | "a" | "en") => values[key]);
}

export type Localize = (template: Bilingual) => Bilingual;

/** Fills the city into description templates, once per template and city: there are only a few dozen. */
export function localizer(city: { nameIt: string; nameEn: string }): Localize {
  const values = { ...italianPrepositions(city.nameIt), en: city.nameEn };
  const cache = new Map<Bilingual, Bilingual>();
  return (template) => {
    let filled = cache.get(template);
    if (filled === undefined) {
      filled = { it: fillTemplate(template.it, values), en: fillTemplate(template.en, values) };
      cache.set(template, filled);
    }
    return filled;
  };
}

/** A sentence about the cuisine (or the wine list), half the time followed by a feature of the place. */
export function describeRestaurant(rng: Rng, type: RestaurantType, cuisine: Cuisine, localize: Localize): Bilingual {
  const templates = type === "enoteca" ? descriptions.wineBar : cuisine.descriptions;
  const main = localize(pick(rng, templates));
  if (rng() < 0.5) return main;
  const feature = pick(rng, descriptions.features);
  return { it: `${main.it} ${feature.it}`, en: `${main.en} ${feature.en}` };
}
