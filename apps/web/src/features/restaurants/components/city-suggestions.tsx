import { Fragment } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ALL_CATEGORIES, type CategoryFilter } from "@tavolo/shared/categories";
import { closestPlaces } from "@tavolo/shared/place-names";
import { paths } from "../../../config/paths";
import { cityLabel, useAllCities } from "../api/get-all-cities";
import { PopularCities } from "./popular-cities";
import styles from "./city-suggestions.module.css";

/** Marks where the linked city names go in "Forse cercavi {{cities}}?". */
const CITIES_SLOT = "\u0000";

/**
 * After a search for a city we do not know: the known cities the diner most likely meant
 * ("Forse cercavi Milano?"), from the city list the page already holds (decision 023); with no
 * likely one, the most popular cities.
 */
export function CitySuggestions({ typed, category }: { typed: string; category: CategoryFilter }) {
  const { t, i18n } = useTranslation();
  const cities = useAllCities();
  const language = i18n.resolvedLanguage ?? "it";
  const likely = closestPlaces(typed, cities.data ?? [], (city) => [city.slug, city.nameIt, city.nameEn, city.name]);
  if (likely.length === 0) {
    return (
      <div className={styles.suggestions}>
        <p>{t("search.tryPopular")}</p>
        <PopularCities category={category} compact />
      </div>
    );
  }
  const links = likely.map((city) => {
    const name = cityLabel(city, language);
    const to = paths.search({ location: name, category: category === ALL_CATEGORIES ? undefined : category });
    return (
      <Link key={city.slug} to={to} className={styles.city}>
        {name}
      </Link>
    );
  });
  // "Milano, Mirano o Monza" / "Milan, Mirano or Monza", with the names as links.
  const list = new Intl.ListFormat(language, { type: "disjunction" }).formatToParts(likely.map((city) => city.slug));
  const [before = "", after = ""] = t("search.didYouMean", { cities: CITIES_SLOT }).split(CITIES_SLOT);
  return (
    <p className={styles.suggestions}>
      {before}
      {list.map((part, index) =>
        part.type === "element" ? (
          links[likely.findIndex((city) => city.slug === part.value)]
        ) : (
          <Fragment key={`literal-${index}`}>{part.value}</Fragment>
        ),
      )}
      {after}
    </p>
  );
}
