import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ALL_CATEGORIES, type CategoryFilter } from "@tavolo/shared/categories";
import { Button } from "../../../components/ui/button";
import { MapPinIcon, SearchIcon } from "../../../components/ui/icons";
import { Select } from "../../../components/ui/select";
import { TextField } from "../../../components/ui/text-field";
import { routePatterns } from "../../../config/paths";
import { cityLabel, useAllCities } from "../api/get-all-cities";
import { cuisineOptions } from "./cuisine-options";
import styles from "./city-search-form.module.css";

export interface CitySearch {
  location: string;
  category: CategoryFilter;
}

interface Props {
  initialLocation?: string;
  initialCategory?: CategoryFilter;
  /** The home hero picks the cuisine in a select; the search page uses chips beside the form. */
  withCategory?: boolean;
  layout?: "hero" | "bar";
  /**
   * What else the current search asked (cuisine, date, time, party): kept when the form is sent
   * before the app has started, or without JavaScript.
   */
  keep?: Record<string, string>;
  onSearch: (search: CitySearch) => void;
}

export function CitySearchForm({
  initialLocation = "",
  initialCategory = ALL_CATEGORIES,
  withCategory = false,
  layout = "bar",
  keep = {},
  onSearch,
}: Props) {
  const { t, i18n } = useTranslation();
  const [location, setLocation] = useState(initialLocation);
  const [category, setCategory] = useState<CategoryFilter>(initialCategory);
  const [error, setError] = useState<string | undefined>();
  const cities = useAllCities();
  const listId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const city = location.trim();
    if (!city) {
      setError(t("errors.cityRequired"));
      return;
    }
    setError(undefined);
    onSearch({ location: city, category });
  };

  // A real form to /search: a tap on Cerca before the page has hydrated (or with JavaScript off) still
  // searches, as the browser sends it and the server renders the results; once hydrated the app
  // handles it without leaving the page.
  return (
    <form
      action={routePatterns.search}
      method="get"
      className={`${styles.form} ${styles[layout]}`}
      onSubmit={submit}
      noValidate
      role="search"
      aria-label={t("search.formLabel")}
    >
      <TextField
        className={styles.city}
        label={t("search.cityLabel")}
        placeholder={t("search.cityPlaceholder")}
        icon={<MapPinIcon size={20} />}
        name="location"
        value={location}
        onChange={(event) => {
          setLocation(event.target.value);
          if (error) setError(undefined);
        }}
        list={listId}
        autoComplete="off"
        enterKeyHint="search"
        error={error}
        required
      />
      <datalist id={listId}>
        {(cities.data ?? []).map((city) => (
          <option key={city.slug} value={cityLabel(city, i18n.resolvedLanguage ?? "it")} />
        ))}
      </datalist>
      {withCategory ? (
        <Select
          className={styles.category}
          label={t("search.cuisineLabel")}
          name="category"
          value={category}
          onChange={(event) => setCategory(event.target.value as CategoryFilter)}
          options={cuisineOptions(t)}
        />
      ) : null}
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" size="lg" className={styles.submit} icon={<SearchIcon size={20} />}>
        {t("search.submit")}
      </Button>
    </form>
  );
}
