import type { FastifyRequest } from "fastify";
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, matchLanguage, type Language } from "@tavolo/shared/languages";

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return undefined; // a malformed cookie is ignored, not an error
      }
    }
  }
  return undefined;
}

/**
 * The language a server-rendered page comes out in, readable without JavaScript (decision 027):
 * `?lang=en|it` (shared links, crawlers), then the visitor's choice (cookie), then Accept-Language,
 * else Italian. An unknown `lang` value is ignored.
 */
export function pageLanguage(request: FastifyRequest, url: URL): Language {
  return (
    matchLanguage(url.searchParams.get("lang") ?? undefined) ??
    matchLanguage(cookieValue(request.headers.cookie, LANGUAGE_COOKIE)) ??
    matchLanguage(request.headers["accept-language"]) ??
    DEFAULT_LANGUAGE
  );
}
