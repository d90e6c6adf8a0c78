import { CRAWLABLE_ROUTES, routePatterns, type RouteName } from "@tavolo/shared/app-paths";
import { withoutTrailingSlash } from "./public-urls";

/**
 * What no search result should lead to (SPEC §2): every route that is not a public page — the
 * signed-in ones, the sign-in and e-mail flows (links with tokens) — from the app's own route list,
 * so a new route is kept out until it is made crawlable on purpose; and the API and the development
 * mailbox. Share cards stay allowed: link previews (Twitterbot among them) obey robots.txt.
 */
const crawlable = new Set<RouteName>(CRAWLABLE_ROUTES);
const DISALLOWED = [
  "/api/",
  "/dev/",
  ...(Object.entries(routePatterns) as [RouteName, string][])
    .filter(([name]) => !crawlable.has(name))
    // A pattern's fixed beginning: "/reservation/:restaurantId" → "/reservation/".
    .map(([, pattern]) => pattern.replace(/[:*].*$/, "")),
];

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "Allow: /",
    "",
    `Sitemap: ${withoutTrailingSlash(origin)}/sitemap.xml`,
    "",
  ].join("\n");
}
