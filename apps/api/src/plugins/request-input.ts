import type { FastifyInstance } from "fastify";
import { AppError } from "../errors";

/**
 * What every request's input must be before any schema sees it.
 *
 * - JSON only: Fastify's built-in text/plain parser goes, so a text body is a 415 rather than a
 *   string quietly ignored by a route without a body schema.
 * - Valid UTF-8: Fastify's own JSON parser decodes leniently, turning broken bytes into U+FFFD, so
 *   `{"firstName":"\xff"}` would be stored as a name nobody typed. The bytes are decoded strictly
 *   first, then handed to Fastify's parser (which keeps its prototype-poisoning guard, empty-body
 *   error and the body limit).
 * - Storable text: PostgreSQL's text type refuses NUL (the insert failed: a 500), and an unpaired
 *   surrogate is no character at all. Both are refused for every string of the body, query and
 *   path, here once rather than in each of the schemas.
 */
export function registerRequestInput(app: FastifyInstance): void {
  app.removeContentTypeParser("text/plain");
  const parseJson = app.getDefaultJsonParser("error", "error");
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new AppError(400, "invalid_utf8", "apiErrors.invalidUtf8"), undefined);
      return;
    }
    void parseJson(request, text, done);
  });

  app.addHook("preValidation", async (request) => {
    if (hasUnstorableText(request.body) || hasUnstorableText(request.query) || hasUnstorableText(request.params)) {
      throw new AppError(400, "invalid_characters", "apiErrors.invalidCharacters");
    }
  });
}

/** A surrogate half without its pair. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string) => text.includes("\u0000") || LONE_SURROGATE.test(text);

function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return unstorable(value);
  // The body limit bounds the size; the depth bound keeps a pathological nesting from recursing far.
  if (value === null || typeof value !== "object" || depth > 64) return false;
  return Object.entries(value).some(([key, item]) => unstorable(key) || hasUnstorableText(item, depth + 1));
}
