import type { FastifyRequest } from "fastify";
import { DEFAULT_LANGUAGE, matchLanguage, type Language } from "@tavolo/shared/languages";

/**
 * The language a request wants its messages in (SPEC §7): the client's explicit X-User-Language,
 * then a `language` field in the body, then Accept-Language, else Italian.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers["x-user-language"];
  const body = request.body as { language?: unknown } | null | undefined;
  return (
    matchLanguage(typeof header === "string" ? header : undefined) ??
    matchLanguage(body && typeof body === "object" && typeof body.language === "string" ? body.language : undefined) ??
    matchLanguage(request.headers["accept-language"]) ??
    DEFAULT_LANGUAGE
  );
}
