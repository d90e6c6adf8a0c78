import fc from "fast-check";
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from "fastify";
import { expect } from "vitest";
import { sharedMessages } from "@tavolo/shared/i18n/translate";
import type { EndpointExample } from "./endpoint-catalog";
import { hostilePathSegment, mutatedObject, mutatedQuery } from "./hostile-inputs";

/** The zod schemas a route declares (fastify-type-provider-zod validates each with safeParse). */
export interface RouteSchemas {
  params?: ZodLike;
  querystring?: ZodLike;
  body?: ZodLike;
}
interface ZodLike {
  safeParse(value: unknown): { success: boolean };
}

export const routeKey = (method: string, url: string) => `${method} ${url.length > 1 ? url.replace(/\/$/, "") : url}`;

/** Every route the app registers (HEAD twins aside: Fastify derives them from GET), with its schemas. */
export function routeRecorder() {
  const routes = new Map<string, RouteSchemas>();
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routes.set(routeKey(method, route.url), (route.schema ?? {}) as RouteSchemas);
    }
  };
  return { routes, onRoute };
}

export type Auth = "diner" | "none" | "garbage";

export interface FuzzRequest {
  method: string;
  url: string;
  auth: Auth;
  body?: string;
  /** Built to be refused: a schema rejects it or the caller is not signed in where that is required. */
  invalid: boolean;
}

/** fast-check choices for one endpoint: the example itself or a near miss in params, query, body and auth. */
export function requestArbitrary(
  key: string,
  example: EndpointExample,
  schemas: RouteSchemas,
): fc.Arbitrary<FuzzRequest> {
  const [method, pattern] = key.split(" ") as [string, string];
  const params = Object.entries(example.params ?? {}).map(([name, value]) =>
    fc.oneof(fc.constant(encodeURIComponent(value)), hostilePathSegment).map((raw) => [name, raw] as const),
  );
  const query = example.query
    ? fc.oneof(fc.constant(new URLSearchParams(example.query).toString()), mutatedQuery(example.query))
    : fc.oneof(fc.constant(""), mutatedQuery({}));
  const body = example.body
    ? fc.oneof(fc.constant<unknown>(example.body), mutatedObject(example.body))
    : fc.constant(undefined);
  // Signed in most of the time, so that most cases get past authentication to the schemas and handlers.
  const auth = fc.constantFrom<Auth>(
    ...(example.auth ? (["diner", "diner", "none", "garbage"] as const) : (["none", "diner"] as const)),
  );

  return fc.record({ params: fc.tuple(...params), query, body, auth }).map((choice) => {
    let path = pattern;
    const decodedParams: Record<string, string | null> = {};
    for (const [name, raw] of choice.params) {
      path = path.replace(name === "*" ? "*" : `:${name}`, raw);
      decodedParams[name] = safeDecode(raw);
    }
    const url = choice.query ? `${path}?${choice.query}` : path;
    const jsonBody = choice.body === undefined ? undefined : JSON.stringify(choice.body);
    const invalid =
      (example.auth === true && choice.auth !== "diner") ||
      Object.values(decodedParams).some((value) => value === null || value.includes("/")) ||
      rejects(schemas.params, decodedParams) ||
      rejects(schemas.querystring, parseQuery(choice.query)) ||
      (jsonBody !== undefined && rejects(schemas.body, JSON.parse(jsonBody)));
    return { method, url, auth: choice.auth, body: jsonBody, invalid };
  });
}

const rejects = (schema: ZodLike | undefined, value: unknown) =>
  schema !== undefined && !schema.safeParse(value).success;

function safeDecode(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** As Fastify's parser reads a query string: repeated keys become arrays. */
function parseQuery(query: string): Record<string, string | string[]> {
  const parsed: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    const seen = parsed[key];
    parsed[key] = seen === undefined ? value : [seen, value].flat();
  }
  return parsed;
}

/** Sends one fuzz request in a language; the language header wins over a `language` field in the body. */
export function send(
  app: FastifyInstance,
  request: Pick<FuzzRequest, "method" | "url" | "auth"> & { body?: string | Buffer; contentType?: string },
  token: string,
  language: "it" | "en" = "en",
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { "accept-language": language, "x-user-language": language };
  if (request.auth === "diner") headers.authorization = `Bearer ${token}`;
  if (request.auth === "garbage") headers.authorization = "Bearer ' OR 1=1 --";
  if (request.body !== undefined) headers["content-type"] = request.contentType ?? "application/json";
  return app.inject({
    method: request.method as "GET",
    url: request.url,
    headers,
    ...(request.body !== undefined ? { payload: request.body } : {}),
  });
}

/** Texts that read the same in Italian and English (so an equal answer in both is no missing translation). */
const SAME_IN_BOTH = (() => {
  const flat = (tree: object, prefix = ""): [string, string][] =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === "string"
        ? [[prefix + key, value] as [string, string]]
        : flat(value as object, `${prefix}${key}.`),
    );
  const english = new Map(flat(sharedMessages.en));
  return new Set(flat(sharedMessages.it).flatMap(([key, text]) => (english.get(key) === text ? [text] : [])));
})();

/** Never a server error; a client error is our JSON envelope with a message and a code. */
export function expectWellFormed(res: LightMyRequestResponse, successNotJson = false): void {
  const where = `${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(res.headers["content-type"], where).toMatch(/^application\/json/);
    const body = res.json() as { success?: unknown; error?: unknown; code?: unknown };
    expect(body.success, where).toBe(false);
    expect(typeof body.error === "string" && body.error.length > 0, where).toBe(true);
    expect(typeof body.code === "string" && body.code.length > 0, where).toBe(true);
  } else if (res.statusCode < 300 && res.body.length > 0 && !successNotJson) {
    expect(res.headers["content-type"], where).toMatch(/^application\/json/);
    expect(() => res.json(), where).not.toThrow();
  }
}

/** A refusal: 4xx, well formed, the same code in both languages and a text in each language. */
export function expectTranslatedRefusal(italian: LightMyRequestResponse, english: LightMyRequestResponse): void {
  for (const res of [italian, english]) {
    expect(res.statusCode, `${res.statusCode} ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
    expectWellFormed(res);
  }
  const [it, en] = [
    italian.json() as { error: string; code: string },
    english.json() as { error: string; code: string },
  ];
  expect(en.code).toBe(it.code);
  if (it.error === en.error) expect(SAME_IN_BOTH, `untranslated: ${it.error}`).toContain(it.error);
}
