import { withoutTrailingSlash } from "./public-urls";

/**
 * Pages no search result should lead to (SPEC §2): the signed-in ones, the sign-in and e-mail
 * flows (links with tokens), the API and the development mailbox. Share cards stay allowed: link
 * previews (Twitterbot among them) obey robots.txt.
 */
const DISALLOWED = [
  "/api/",
  "/dev/",
  "/reservation/",
  "/profile",
  "/settings",
  "/history",
  "/favorites",
  "/notifications",
  "/completeProfile",
  "/login",
  "/register",
  "/verify-email",
  "/verify-result/",
  "/email-verification",
  "/email-redirect",
  "/reset-password",
  "/auth/",
] as const;

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
