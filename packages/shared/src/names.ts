import { NAME_MAX_LENGTH } from "./constants";

/** "Giulia Bianchi": the name as the person typed it, whatever its length. */
const fullName = (firstName: string, lastName: string): string => [firstName, lastName].filter(Boolean).join(" ");

/** Whole user-perceived characters, so a cut never splits an accent or an emoji. */
const graphemes = (text: string) =>
  Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text), (part) => part.segment);

/** The longest start of `text` that fits `max` UTF-16 units (the database counts fewer or as many). */
function cut(text: string, max: number): string {
  let kept = "";
  for (const part of graphemes(text)) {
    if (kept.length + part.length > max) break;
    kept += part;
  }
  return kept.trimEnd();
}

/**
 * The display name nobody typed, derived from the two names so that it always fits
 * NAME_MAX_LENGTH (decision 019): each name may be that long, so the two together may not be. The
 * full name when it fits, else the first name and the last name's initial ("Maria Antonietta
 * Giuseppina Carolina Ferdinanda R."), else the first name, cut.
 */
export function derivedDisplayName(firstName: string, lastName: string): string {
  const full = fullName(firstName, lastName);
  if (full.length <= NAME_MAX_LENGTH) return full;
  const initial = graphemes(lastName)[0];
  const short = initial ? `${firstName} ${initial}.` : firstName;
  return short.length <= NAME_MAX_LENGTH ? short : cut(firstName, NAME_MAX_LENGTH);
}
