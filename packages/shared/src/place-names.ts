import { normalizeSearchKey } from "./text";

/**
 * Italian "a" before a place name, "ad" before a vowel: "a Milano", "ad Ancona", "ad Atlantide".
 * The web's Italian texts use it through the `a` interpolation format ("Ristoranti {{city, a}}").
 */
export function italianA(place: string): string {
  return /^[aeiouàèéìíòóùú]/i.test(place.trim()) ? `ad ${place}` : `a ${place}`;
}

/**
 * Edits between two strings, a swap of neighbours counting as one ("Milnao" is one from "Milano"):
 * the optimal string alignment distance, for short names only.
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** Most suggestions "Did you mean …?" offers. */
export const PLACE_SUGGESTIONS_MAX = 3;

/**
 * The known places a typed name most likely meant, best first: each place is compared by all its
 * names (Italian, English, slug), a typo of up to one edit in three letters (at least one, at
 * most three) is forgiven, and a typed start of a name ("Reggio") also counts.
 */
export function closestPlaces<Place>(
  typed: string,
  places: readonly Place[],
  namesOf: (place: Place) => readonly string[],
): Place[] {
  const key = normalizeSearchKey(typed);
  if (key.length < 2) return [];
  const tolerance = Math.min(3, Math.max(1, Math.floor(key.length / 3)));
  const scored: { place: Place; score: number }[] = [];
  for (const place of places) {
    const candidates = namesOf(place).map(normalizeSearchKey);
    // The typed name is this place's own: no typo to correct.
    if (candidates.includes(key)) continue;
    let score = Infinity;
    for (const candidate of candidates) {
      const distance = candidate.startsWith(key) && key.length >= 3 ? 0.5 : editDistance(key, candidate);
      score = Math.min(score, distance);
    }
    if (score <= tolerance) scored.push({ place, score });
  }
  return scored
    .sort((a, b) => a.score - b.score)
    .slice(0, PLACE_SUGGESTIONS_MAX)
    .map((entry) => entry.place);
}

/**
 * A postal address with its city named once: "Via Roma 12, 20121 Milano" already names Milano, so
 * "Milan" is not added after it; an address without its city ("Via Roma 12") gets the city's name.
 * `localName` is the name the address itself is written with (the Italian one).
 */
export function addressWithCity(address: string, city: string, localName: string = city): string {
  const words = ` ${normalizeSearchKey(address)} `;
  const named = [city, localName].some((name) => name && words.includes(` ${normalizeSearchKey(name)} `));
  return named ? address : `${address}, ${city}`;
}
