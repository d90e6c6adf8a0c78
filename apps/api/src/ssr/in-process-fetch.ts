import type { FastifyInstance } from "fastify";
import { inSpan } from "../telemetry/spans";

type InjectMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";

const NO_BODY = new Set([204, 205, 304]);

/**
 * A `fetch` whose requests never leave the process: they go through `app.inject`, so a server render
 * loads its data through the very routes the browser calls — same validation, caches, response
 * schemas and translated errors — without an HTTP round trip to itself (decision 027).
 */
export function inProcessFetch(app: FastifyInstance): typeof globalThis.fetch {
  return async (input, init) => {
    const target = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    // The web app asks for "/api/..." (its base URL): a path on this very server.
    const url = new URL(target, "http://in-process");
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const method = (init?.method ?? "GET").toUpperCase() as InjectMethod;
    // Its own span (decision 048); the route's hook renames it after the route template.
    const answer = await inSpan(`${method} in-process`, { "tavolo.in_process": true }, () =>
      app.inject({
        method,
        url: `${url.pathname}${url.search}`,
        headers,
        payload: typeof init?.body === "string" ? init.body : undefined,
      }),
    );
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(one));
    }
    return new Response(NO_BODY.has(answer.statusCode) ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}
