/**
 * Key under which a city name is looked up: case-, accent- and punctuation-insensitive,
 * so "Forlì", "FORLI" and "forli " and "Reggio nell'Emilia" / "reggio nell emilia" meet.
 */
export function normalizeSearchKey(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}
