import { data, type LoaderFunctionArgs } from "react-router";
import { DEFAULT_TIME_ZONE, INCLUDE_NEARBY_CITIES_DEFAULT, RADIUS_KM } from "@tavolo/shared/constants";
import type { NotFoundHead, PageHeadOf, SearchPageHead } from "@tavolo/shared/rendered-page";
import { ApiError } from "../lib/api-client";
import { todayIn } from "../lib/dates";
import { offerQuery } from "../features/offers/api/get-last-minute";
import { offerListQuery } from "../features/offers/api/list-offers";
import { citiesQuery } from "../features/restaurants/api/get-all-cities";
import { tablesQuery, todaysTablesQuery } from "../features/restaurants/api/get-available-tables";
import { restaurantQuery } from "../features/restaurants/api/get-restaurant";
import { searchRestaurantsQuery } from "../features/restaurants/api/search-restaurants";
import { parseCategory } from "../features/restaurants/components/cuisine-options";
import { availableSlotsQuery } from "../features/restaurants/api/get-available-slots";
import { firstPick } from "../features/restaurants/components/slot-pick";
import { tableParamsFrom, tableSearchFrom } from "../features/restaurants/components/table-search-params";
import { pageLoadContext, type PageLoadContext } from "./page-load-context";
import { NOT_FOUND_TEXTS, type NotFoundTexts } from "./not-found-texts";

/** The request's load context: null in the browser and the native app, where loaders do nothing. */
const loadContext = (context: LoaderFunctionArgs["context"]) => context.get(pageLoadContext);

/**
 * A missing restaurant or offer is a 404 page, with its status, not a page that says so with 200.
 * It carries its head (title and description in the page's language), as a found page's loader returns its own.
 */
function notFoundOn(load: PageLoadContext, texts: NotFoundTexts) {
  return (error: unknown): void => {
    // 400: an id the API refuses (not a UUID) can never exist either.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      const head: NotFoundHead = {
        kind: "notFound",
        title: load.translate(texts.titleKey),
        description: load.translate(texts.textKey),
      };
      throw data(head, { status: 404, statusText: "Not Found" });
    }
  };
}

/*
 * Each loader fills the query cache with the same queryOptions its page reads through useQuery, so
 * nothing is passed from loader to component, and returns its page's head data (decision 049).
 * Without a load context (the browser, the native app) they do nothing: pages load their data as
 * they always have, showing their own loading states. Any other failure leaves the query for the
 * browser to fetch again after hydration.
 */

export async function homeLoader({ context }: LoaderFunctionArgs): Promise<PageHeadOf<"home"> | null> {
  const load = loadContext(context);
  if (!load) return null;
  await load.queryClient.prefetchQuery(citiesQuery(load.language, load.api));
  return { kind: "home" };
}

export async function searchLoader({ request, context }: LoaderFunctionArgs): Promise<SearchPageHead | null> {
  const load = loadContext(context);
  if (!load) return null;
  const params = new URL(request.url).searchParams;
  const location = (params.get("location") ?? "").trim();
  const category = parseCategory(params.get("category"));
  const { queryClient, language, api } = load;
  // The very query the page asks on its first render: the same moment, party and order. The server
  // has no position, and neither has the hydrating page yet, so "distance" is asked as relevance.
  const { table, sort } = tableSearchFrom(params, new Date(load.now));
  const search = { location, category, table, sort: sort === "distance" ? ("relevance" as const) : sort };
  const restaurants = searchRestaurantsQuery(search, language, api);
  await Promise.all([
    queryClient.prefetchQuery(citiesQuery(language, api)),
    location ? queryClient.prefetchInfiniteQuery(restaurants) : null,
    location
      ? queryClient.prefetchQuery(
          offerListQuery(
            {
              mode: "city",
              city: location,
              includeNearbyCities: INCLUDE_NEARBY_CITIES_DEFAULT,
              radius: RADIUS_KM.default,
              category,
            },
            language,
            api,
          ),
        )
      : null,
  ]);
  const page: SearchPageHead = {
    kind: "search",
    location: location || undefined,
    cuisine: params.get("category")?.trim() || undefined,
  };
  if (!location) return page;
  // The search's first page names the city it found.
  const found = queryClient.getQueryState(restaurants.queryKey);
  if (found?.status === "error") {
    // Refused (no such city, a name too long to be one): nothing to name. Failed otherwise: unknown.
    const refused = found.error instanceof ApiError && found.error.status >= 400 && found.error.status < 500;
    return refused ? { ...page, city: null } : page;
  }
  const city = found?.data?.pages[0]?.city;
  return city ? { ...page, city: { slug: city.slug, name: city.name } } : page;
}

export async function restaurantLoader({
  request,
  params,
  context,
}: LoaderFunctionArgs): Promise<PageHeadOf<"restaurant"> | null> {
  const load = loadContext(context);
  if (!load) return null;
  const id = params.id ?? "";
  const { queryClient, language, api } = load;
  const now = new Date(load.now);
  const today = todayIn(DEFAULT_TIME_ZONE, now);
  const asked = tableParamsFrom(new URL(request.url).searchParams);
  const [found] = await Promise.all([
    queryClient.ensureQueryData(restaurantQuery(id, language, api)).catch(notFoundOn(load, NOT_FOUND_TEXTS.restaurant)),
    queryClient.prefetchQuery(tablesQuery(id, todaysTablesQuery(today, asked), api)),
  ]);
  if (!found) return null;
  // The picker's first day and party depend on the opening hours: its free times come second.
  const pick = firstPick(found.restaurant, asked, now);
  await queryClient.prefetchQuery(availableSlotsQuery(id, pick, api));
  return { kind: "restaurant", restaurant: found.restaurant };
}

export async function offerLoader({ params, context }: LoaderFunctionArgs): Promise<PageHeadOf<"offer"> | null> {
  const load = loadContext(context);
  if (!load) return null;
  const offer = await load.queryClient
    .ensureQueryData(offerQuery(params.id ?? "", load.language, load.api))
    .catch(notFoundOn(load, NOT_FOUND_TEXTS.offer));
  return offer ? { kind: "offer", offer } : null;
}
