import type { QueryClient } from "@tanstack/react-query";
import type { LoaderFunctionArgs } from "react-router";
import { DEFAULT_TIME_ZONE, INCLUDE_NEARBY_CITIES_DEFAULT, RADIUS_KM } from "@tavolo/shared/constants";
import type { Language } from "@tavolo/shared/languages";
import { ApiError, type ApiClient } from "../lib/api-client";
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

/**
 * What a server render hands the loaders of the four public pages (decision 027): the request's own
 * query cache, API client (its fetch goes through the API in-process), language and render instant.
 */
export interface PageLoadContext {
  queryClient: QueryClient;
  api: ApiClient;
  language: Language;
  now: number;
}

function loadContext(context: unknown): PageLoadContext | null {
  return context && typeof context === "object" && "queryClient" in context ? (context as PageLoadContext) : null;
}

/** A missing restaurant or offer is a 404 page, with its status, not a page that says so with 200. */
function notFoundOn(error: unknown): never | void {
  // 400: an id the API refuses (not a UUID) can never exist either.
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    throw new Response(null, { status: 404, statusText: "Not Found" });
  }
}

/*
 * Each loader fills the query cache with the same queryOptions its page reads through useQuery, so
 * nothing is passed from loader to component. Without a load context (the browser, the native app)
 * they do nothing: pages load their data as they always have, showing their own loading states.
 * Any other failure leaves the query for the browser to fetch again after hydration.
 */

export async function homeLoader({ context }: LoaderFunctionArgs): Promise<null> {
  const load = loadContext(context);
  if (load) await load.queryClient.prefetchQuery(citiesQuery(load.language, load.api));
  return null;
}

export async function searchLoader({ request, context }: LoaderFunctionArgs): Promise<null> {
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
  await Promise.all([
    queryClient.prefetchQuery(citiesQuery(language, api)),
    location ? queryClient.prefetchInfiniteQuery(searchRestaurantsQuery(search, language, api)) : null,
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
  return null;
}

export async function restaurantLoader({ request, params, context }: LoaderFunctionArgs): Promise<null> {
  const load = loadContext(context);
  if (!load) return null;
  const id = params.id ?? "";
  const { queryClient, language, api } = load;
  const now = new Date(load.now);
  const today = todayIn(DEFAULT_TIME_ZONE, now);
  const asked = tableParamsFrom(new URL(request.url).searchParams);
  const [found] = await Promise.all([
    queryClient.ensureQueryData(restaurantQuery(id, language, api)).catch(notFoundOn),
    queryClient.prefetchQuery(tablesQuery(id, todaysTablesQuery(today, asked), api)),
  ]);
  // The picker's first day and party depend on the opening hours: its free times come second.
  if (found) {
    const pick = firstPick(found.restaurant, asked, now);
    await queryClient.prefetchQuery(availableSlotsQuery(id, pick, api));
  }
  return null;
}

export async function offerLoader({ params, context }: LoaderFunctionArgs): Promise<null> {
  const load = loadContext(context);
  if (!load) return null;
  await load.queryClient.ensureQueryData(offerQuery(params.id ?? "", load.language, load.api)).catch(notFoundOn);
  return null;
}
