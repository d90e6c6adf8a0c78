/**
 * Restaurant names: Italian-style ("Trattoria da Gino", "Osteria del Ponte", "Il Pescatore"),
 * sushi, burger, bistrot and foreign-cuisine shapes, unique within a city.
 */
import type { RestaurantType } from "@tavolo/shared/categories";
import { pick, type Rng } from "./prng";
import type { Cuisine, EthnicNaming } from "./vocabulary/types";
import names from "./vocabulary/names.json" with { type: "json" };

/** Attempts at a fresh name before falling back to adding the street ("Burger Lab Sarpi"). */
const NAME_ATTEMPTS = 8;
/** Below this attempt only the most common name shapes are used; later ones widen the space. */
const SIMPLE_NAME_ATTEMPTS = 3;

/** The classic owner's name: "Trattoria da Gino". */
function withOwner(rng: Rng, name: string): string {
  return `${name} da ${pick(rng, names.owners)}`;
}

/** A type word and a complement: "Osteria del Ponte", "Trattoria alla Pergola". */
function withPlace(rng: Rng, prefix: string): string {
  return `${prefix} ${pick(rng, names.placeComplements)}`;
}

/** "Trattoria da Gino", "Osteria del Ponte", "Il Pescatore", "Ristorante La Lampara". */
function italianStyleName(rng: Rng, prefixes: readonly string[], cores: readonly string[], attempt: number): string {
  const prefix = pick(rng, prefixes);
  const core = pick(rng, cores);
  // "Braceria La Braceria" reads badly: a core that already names the type stands alone.
  const prefixed = core.toLowerCase().includes(prefix.toLowerCase()) ? core : `${prefix} ${core}`;
  const shape = rng();
  if (attempt < SIMPLE_NAME_ATTEMPTS) {
    if (shape < 0.3) return withOwner(rng, prefix);
    if (shape < 0.6) return withPlace(rng, prefix);
    if (shape < 0.85) return core;
    return prefixed;
  }
  if (shape < 0.4) return withOwner(rng, withPlace(rng, prefix));
  if (shape < 0.7) return withOwner(rng, core);
  return withOwner(rng, prefixed);
}

/** "Sushi Sakura", "Koi Sushi Bar", then two-word names like "Hana Umi" when the city is crowded. */
function sushiName(rng: Rng, attempt: number): string {
  const cores = names.cores.sushi;
  const first = pick(rng, cores);
  if (attempt < SIMPLE_NAME_ATTEMPTS) {
    return pick(rng, [`Sushi ${first}`, `${first} Sushi`, `${first} Sushi Bar`, `Sushi Bar ${first}`]);
  }
  let second = pick(rng, cores);
  if (second === first) second = pick(rng, cores);
  return pick(rng, [`${first} ${second}`, `${first} ${second} Sushi`, `Sushi ${first} ${second}`]);
}

/** "Smash Burger Lab", "Brooklyn Diner", sometimes the Italian "Hamburgeria da Nino". */
function burgerName(rng: Rng): string {
  if (rng() < 0.1) {
    return rng() < 0.5 ? withOwner(rng, "Hamburgeria") : withPlace(rng, "Hamburgeria");
  }
  const adjective = pick(rng, names.burgerAdjectives);
  const noun = pick(rng, names.burgerNouns);
  return noun.includes(adjective) ? noun : `${adjective} ${noun}`;
}

/** "Verde Bottega", "Bistrot Il Melograno", "Radice Vegan Kitchen". */
function bistrotName(rng: Rng, cuisine: Cuisine): string {
  const word = pick(rng, names.veggieWords);
  const shape = rng();
  // "Radice Vegan Kitchen" works, "Vegan Kitchen Radice" does not: vegan nouns only go after the word.
  if (cuisine.category === "vegano" && shape < 0.3) return `${word} ${pick(rng, names.veganBistrotNouns)}`;
  if (shape < 0.5) return `${word} ${pick(rng, names.bistrotNouns)}`;
  if (shape < 0.75) return `${pick(rng, names.bistrotNouns)} ${word}`;
  const cores = cuisine.cores.length > 0 ? cuisine.cores : names.cores.veggie;
  return `${pick(rng, names.typePrefixes.bistrot)} ${pick(rng, cores)}`;
}

/** "Taj Mahal", "Ristorante Indiano Namaste", "Masala Curry House". */
function ethnicName(rng: Rng, naming: EthnicNaming, attempt: number): string {
  const core = pick(rng, naming.cores);
  const shape = rng();
  if (attempt < SIMPLE_NAME_ATTEMPTS && shape < 0.4) return core;
  if (shape < 0.7) return `${pick(rng, naming.prefixes)} ${core}`;
  return `${core} ${pick(rng, naming.suffixes)}`;
}

function candidateName(rng: Rng, type: RestaurantType, cuisine: Cuisine, attempt: number): string {
  if (type === "sushi bar") return sushiName(rng, attempt);
  if (type === "hamburgeria") return burgerName(rng);
  if (type === "bistrot") return bistrotName(rng, cuisine);
  if (cuisine.ethnic !== undefined) return ethnicName(rng, cuisine.ethnic, attempt);
  const cores = type === "enoteca" ? names.cores.wine : cuisine.cores;
  return italianStyleName(rng, names.typePrefixes[type], cores, attempt);
}

/** "Via Paolo Sarpi" -> "Paolo Sarpi", "Corso di Porta Ticinese" -> "Porta Ticinese". */
function streetShortName(street: string): string {
  const short = street
    .replace(
      /^(Via|Viale|Corso|Piazza|Piazzetta|Largo|Strada|Stradone|Borgo|Calle Larga|Calle|Campo|Contrà|Fondamenta|Lungomare|Lungarno|Lungo Lario|Riva|Rio Terà|Ruga|Salizada|Scali|Vicolo)\s+/,
      "",
    )
    .replace(/^(di|del|della|dei|degli|delle|de')\s+/, "")
    .replace(/^dell'/, "");
  return short.length > 0 ? short : street;
}

/**
 * Picks a name not yet used in this city. Big cities get thousands of restaurants, so after a few
 * tries the name gets the street, as branches often do ("Sushi Sakura Navona"). A clash after
 * that is accepted: it is rare, and real cities have namesakes too.
 */
export function uniqueName(
  rng: Rng,
  type: RestaurantType,
  cuisine: Cuisine,
  street: string,
  usedNames: ReadonlySet<string>,
): string {
  let name = "";
  for (let attempt = 0; attempt < NAME_ATTEMPTS; attempt++) {
    name = candidateName(rng, type, cuisine, attempt);
    if (!usedNames.has(name)) return name;
  }
  return `${name} ${streetShortName(street)}`;
}
