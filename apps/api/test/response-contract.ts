import type { FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { z } from "zod";

/**
 * Every answer the API suites receive is checked against the responses its route documents
 * (decision 020): the status must be one the route lists, and a JSON body must parse with that
 * status's schema. The serializer already shapes what handlers return; this also covers the bodies
 * sent as ready-made strings (the public read caches) and the statuses a route forgot to list.
 * A breach turns the answer into a 500 naming it, and the suite's afterAll fails on it too.
 */

/** Statuses no route lists: a conditional GET's empty 304, and the unexpected failure tests assert on their own. */
const UNLISTED_STATUSES = new Set([304, 500]);

type Documented = z.ZodType | { content: Record<string, { schema: z.ZodType }> };

const breaches: string[] = [];

/** The breaches seen since the last call, then forgotten. */
export function takeContractBreaches(): string[] {
  return breaches.splice(0);
}

function schemaFor(documented: Documented, contentType: string): z.ZodType | null {
  if (documented instanceof z.ZodType) return documented;
  const [, entry] = Object.entries(documented.content).find(([type]) => contentType.startsWith(type)) ?? [];
  return entry?.schema ?? null;
}

function breachOf(
  route: RouteOptions,
  responses: Record<string, Documented>,
  reply: FastifyReply,
  payload: unknown,
): string | null {
  const status = reply.statusCode;
  const documented = responses[status];
  if (!documented) {
    return UNLISTED_STATUSES.has(status) ? null : `answered ${status}, which its schema.response does not list`;
  }
  const contentType = String(reply.getHeader("content-type") ?? "");
  if (typeof payload !== "string" || payload === "" || !contentType.includes("json")) return null;
  const schema = schemaFor(documented, contentType);
  if (!schema) return null;
  const parsed = schema.safeParse(JSON.parse(payload));
  return parsed.success ? null : `answered ${status} with a body its schema refuses: ${z.prettifyError(parsed.error)}`;
}

/** An onRoute hook: adds the check to each route that documents its responses. */
export function checkResponseContract(route: RouteOptions): void {
  const responses = route.schema?.response as Record<string, Documented> | undefined;
  if (!responses) return;
  const check = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const breach = breachOf(route, responses, reply, payload);
    if (!breach) return payload;
    const message = `${[route.method].flat().join(",")} ${route.url} ${breach}`;
    breaches.push(message);
    void reply.code(500).type("application/json; charset=utf-8");
    return JSON.stringify({ success: false, code: "response_contract_breach", error: message });
  };
  route.onSend = [...[route.onSend ?? []].flat(), check];
}
