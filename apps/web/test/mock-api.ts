import { vi } from "vitest";
import type { ApiErrorBody } from "@tavolo/shared/api-responses";
import type { ApiRoute, RouteAnswer } from "@tavolo/shared/api-routes";
import type { AuthUser } from "@tavolo/shared/auth";

/**
 * The API as the web's unit tests meet it: fetch replaced, each answer typed by the shared route
 * table (decision 051). Kept apart from render.tsx so the setup file can check answers without
 * loading the app's modules.
 */

const jsonResponse = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** Which route each `answer` was written for, checked against the request it answers. */
const answeredRoutes = new WeakMap<Response, ApiRoute>();
const misrouted: string[] = [];

/**
 * A route's answer as the server sends it, typed by the route table (decision 051): a fixture of
 * the wrong shape does not compile, and one given to another route's request fails the test.
 */
export function answer<R extends ApiRoute>(route: R, body: RouteAnswer<R>, status = 200): Response {
  const response = jsonResponse(body, status);
  answeredRoutes.set(response, route);
  return response;
}

/** The API's one error envelope (DESIGN §5). */
export const apiError = (body: ApiErrorBody, status: number): Response => jsonResponse(body, status);

/**
 * A body the API never sends, on purpose: what the app does with a broken or partial answer (SPEC §8
 * 'Dati di autenticazione incompleti', a proxy's odd reply). Anything else is an `answer`.
 */
export const offContract = (body: unknown, status = 200): Response => jsonResponse(body, status);

function answersRequest(route: ApiRoute, url: URL, init: RequestInit): boolean {
  const [method, pattern] = route.split(" ") as [string, string];
  const path = new RegExp(`^/api${pattern.replace(/:\w+/g, "[^/]+")}$`);
  return (init.method ?? "GET") === method && path.test(url.pathname);
}

/** Called after each test (setup.ts): an answer given to another route's request is a wrong test. */
export function takeMisroutedAnswers(): string[] {
  return misrouted.splice(0);
}

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** Replaces fetch: the API is the edge of the web unit. Returns the mock to assert calls. */
export function mockFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const response = await handler(url, init);
    const route = answeredRoutes.get(response);
    if (route && !answersRequest(route, url, init)) {
      misrouted.push(`${route} answered ${init.method ?? "GET"} ${url.pathname}`);
    }
    return response;
  });
  vi.stubGlobal("fetch", fn);
  return fn;
}

/**
 * The session's own check behind a signed-in screen (GET /client/user-profile, SessionProvider):
 * answered for `user`; without one it fails as a busy server's would and the stored session stands,
 * for tests about something else. Undefined for every other request, left to the test's handler.
 */
export function answerSessionCheck(url: URL, user?: AuthUser): Response | undefined {
  if (url.pathname !== "/api/client/user-profile") return undefined;
  return user
    ? answer("GET /client/user-profile", { success: true, user })
    : apiError({ success: false, error: "Servizio non disponibile", code: "service_unavailable" }, 503);
}
