import { useEffect, useState, type ReactNode } from "react";
import { useMountInstant } from "../../../lib/clock";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ALL_CATEGORIES, type CategoryFilter } from "@tavolo/shared/categories";
import { normalizeSearchKey } from "@tavolo/shared/text";
import { ChipRadioGroup } from "../../../components/ui/chip";
import { EmptyState } from "../../../components/ui/empty-state";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useGeolocation } from "../../../lib/use-geolocation";
import { cityLabel, useAllCities } from "../api/get-all-cities";
import { isCityNotFound, useSearchRestaurants, type SearchParams } from "../api/search-restaurants";
import type { SearchSort, TableQuery } from "../api/table-search";
import { CitySearchForm, type CitySearch } from "./city-search-form";
import { cuisineOptions, parseCategory } from "./cuisine-options";
import { PopularCities } from "./popular-cities";
import { SearchResults } from "./search-results";
import { SortControl } from "./sort-control";
import { TableSearchFields } from "./table-search-fields";
import { pastMoment, refusedParty, TABLE_FIELDS, TABLE_PARAMS, tableSearchFrom } from "./table-search-params";
import { PARTY_SIZES } from "./party";
import { Button } from "../../../components/ui/button";
import { searchMoment } from "@tavolo/shared/search-moment";
import { DEFAULT_TIME_ZONE, RADIUS_KM } from "@tavolo/shared/constants";
import styles from "./search-page.module.css";
import { PendingUrlWrites } from "./pending-url-writes";

interface Props {
  /** Filled by the Last Minute offers feature; nothing is rendered while it is absent. */
  offersSlot?: ReactNode;
  /** Around the diner, how far the restaurants reach: the offers' radius too (decision 055). */
  nearRadiusKm?: number;
}

export function SearchPage({ offersSlot, nearRadiusKm = RADIUS_KM.default }: Props) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const location = (params.get("location") ?? "").trim();
  const category = parseCategory(params.get("category"));
  // The instant the page opened (the server's, when it rendered the page): the defaults (today, next
  // quarter hour) hold still while it is open, and come out the same on both sides.
  const openedAt = useMountInstant();
  const { table, sort: askedSort } = tableSearchFrom(params, openedAt);
  const cities = useAllCities();
  // With the position on and no city: the restaurants around the diner (the offers block turns it on).
  const geo = useGeolocation();
  const position = geo.state.status === "on" ? { lat: geo.state.lat, lng: geo.state.lng } : null;
  const near = !location ? position : null;
  // "distance" needs a position; without one the server would refuse it, so the page asks for relevance.
  const sort: SearchSort = askedSort === "distance" && !position ? "relevance" : askedSort;
  const cityParams: SearchParams | null = location
    ? { location, category, table, sort, position: position ?? undefined }
    : null;
  // The same query as the results below (one request): it says whether the city exists.
  const results = useSearchRestaurants(cityParams);
  const unknownCity = isCityNotFound(results.error);

  // The city as the user knows it ("Milano" / "Milan"), whatever spelling the URL has; a name the
  // list lacks (an alias) once the server has found it; null while nobody knows it.
  const known = cities.data?.find((city) =>
    [city.slug, city.name, city.nameIt, city.nameEn].some(
      (name) => normalizeSearchKey(name) === normalizeSearchKey(location),
    ),
  );
  const cityName = known
    ? cityLabel(known, i18n.resolvedLanguage ?? "it")
    : unknownCity
      ? null
      : (results.data?.pages[0]?.city?.name ?? null);
  // A city that does not exist never titles the page.
  const heading = cityName
    ? t("search.headingCity", { city: cityName })
    : near
      ? t("search.headingNear")
      : t("search.heading");
  useDocumentTitle(
    cityName
      ? t("search.titleCity", { city: cityName })
      : unknownCity
        ? t("search.cityNotFoundTitle")
        : near
          ? t("search.headingNear")
          : t("search.title"),
  );

  // The URLs written and not yet rendered: each change builds on the latest (pending-url-writes.ts).
  const [writes] = useState(() => new PendingUrlWrites());
  useEffect(() => {
    writes.rendered(params);
  }, [params, writes]);
  // URL is the source of truth: back/forward re-renders with the old query.
  // A new city or cuisine keeps the moment, party and order the diner chose.
  const update = (next: { location: string; category: CategoryFilter }) =>
    setParams({
      ...(next.location ? { location: next.location } : {}),
      ...restOfSearch(next.category, writes.latest() ?? params),
    });
  // The moment, party and order are refinements of one search: Back leaves it, not each change.
  // Each change builds on the URL last written, so that quick changes (date, time, then party) all hold.
  const refine = (changes: (latest: URLSearchParams) => Partial<Record<(typeof TABLE_PARAMS)[number], string>>) => {
    const query = new URLSearchParams(writes.latest() ?? params);
    for (const [key, value] of Object.entries(changes(query))) query.set(key, value);
    writes.wrote(query);
    setParams(query, { replace: true });
  };
  // A field writes itself; the others are pinned as shown while the URL lacks them.
  const updateTable = (changes: Partial<TableQuery>) => {
    const next = { ...table, ...changes };
    refine((latest) =>
      Object.fromEntries(
        TABLE_FIELDS.filter((key) => key in changes || !latest.has(key)).map((key) => [key, String(next[key])]),
      ),
    );
  };
  const past = pastMoment(table, openedAt);
  const refused = refusedParty(params);
  // A city the list knows, or one the server has found: only then its offers are asked, so a
  // mistyped city costs one "not found", not two (decision 055).
  const cityConfirmed = !location || Boolean(known) || results.isSuccess;
  // The diner asked for a table (chose a time): the restaurants with free times come first, the
  // offers after them; otherwise the offers lead, as the page's first look (decision 055).
  const tableFirst = params.has("time");
  const offers =
    offersSlot && !unknownCity && cityConfirmed ? (
      <section className={styles.offers} aria-label={t("search.lastMinuteTitle")}>
        {offersSlot}
      </section>
    ) : null;

  return (
    <div className={styles.page}>
      <section className={styles.top} aria-labelledby="search-title">
        <div className={styles.container}>
          <h1 id="search-title" className={styles.title}>
            {heading}
          </h1>
          <p className={styles.subtitle}>{t("search.subtitle")}</p>
          <CitySearchForm
            key={location}
            initialLocation={location}
            keep={restOfSearch(category, params)}
            onSearch={(search: CitySearch) => update({ location: search.location, category })}
          />
          {/* A city that does not exist has nothing to refine: its suggestions move up instead. */}
          {unknownCity ? null : (
            <>
              <TableSearchFields value={table} onChange={updateTable} now={openedAt} />
              {refused !== null ? (
                <p className={styles.notice} role="alert">
                  {t("tableSearch.partyOutOfRange", {
                    asked: refused,
                    min: PARTY_SIZES[0],
                    max: PARTY_SIZES[PARTY_SIZES.length - 1],
                    count: table.people,
                  })}
                </p>
              ) : null}
              {past ? (
                <div className={styles.notice} role="alert">
                  <p>{t(`tableSearch.${past}`)}</p>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() =>
                      updateTable({ ...searchMoment(new Date(), DEFAULT_TIME_ZONE), people: table.people })
                    }
                  >
                    {t("tableSearch.searchNow")}
                  </Button>
                </div>
              ) : null}
              <div className={styles.filters}>
                <ChipRadioGroup
                  legend={t("search.cuisineLegend")}
                  value={category}
                  options={cuisineOptions(t)}
                  onChange={(value) => update({ location, category: value })}
                  scroll
                />
              </div>
            </>
          )}
        </div>
      </section>
      <div className={styles.container}>
        {/* An unknown city is said once, below, with suggestions: no offers block repeating it. */}
        {tableFirst ? null : offers}
        <section className={styles.results} aria-labelledby="results-title">
          <h2 id="results-title" className="visually-hidden">
            {t("search.resultsTitle")}
          </h2>
          {location || near ? (
            <SearchResults
              where={
                cityParams
                  ? { params: cityParams, cityName: cityName ?? location }
                  : { near: near!, radiusKm: nearRadiusKm }
              }
              category={category}
              table={table}
              past={past !== null}
              sort={sort}
              sortControl={
                <SortControl
                  value={sort}
                  withDistance={position !== null}
                  onChange={(next) => refine(() => ({ sort: next }))}
                />
              }
              onShowAllCuisines={() => update({ location, category: ALL_CATEGORIES })}
            />
          ) : (
            <EmptyState
              title={t("search.promptTitle")}
              text={t("search.promptText")}
              image="/images/steps/search.svg"
              imageSize={[160, 160]}
              action={<PopularCities category={category} compact />}
            />
          )}
        </section>
        {tableFirst ? offers : null}
      </div>
    </div>
  );
}

/** What a search asks besides its city: the cuisine (unless all), the moment, the party and the order. */
function restOfSearch(category: CategoryFilter, params: URLSearchParams): Record<string, string> {
  const rest: Record<string, string> = {};
  if (category !== ALL_CATEGORIES) rest.category = category;
  for (const key of TABLE_PARAMS) {
    const value = params.get(key);
    if (value) rest[key] = value;
  }
  return rest;
}
