import type { Language } from "./languages";

/**
 * The twenty Italian regions, stored in Italian (the catalogue's language for places), with the
 * names English speakers use. A region the map lacks (an import from elsewhere) keeps its name.
 */
const ENGLISH_REGION_NAMES: Readonly<Record<string, string>> = {
  Abruzzo: "Abruzzo",
  Basilicata: "Basilicata",
  Calabria: "Calabria",
  Campania: "Campania",
  "Emilia-Romagna": "Emilia-Romagna",
  "Friuli-Venezia Giulia": "Friuli-Venezia Giulia",
  Lazio: "Lazio",
  Liguria: "Liguria",
  Lombardia: "Lombardy",
  Marche: "Marche",
  Molise: "Molise",
  Piemonte: "Piedmont",
  Puglia: "Apulia",
  Sardegna: "Sardinia",
  Sicilia: "Sicily",
  Toscana: "Tuscany",
  "Trentino-Alto Adige": "Trentino-South Tyrol",
  Umbria: "Umbria",
  "Valle d'Aosta": "Aosta Valley",
  Veneto: "Veneto",
};

/** A region's name in `language`, from its stored Italian name. */
export function regionName(italianName: string, language: Language): string {
  return language === "en" ? (ENGLISH_REGION_NAMES[italianName] ?? italianName) : italianName;
}
