import Fastify, { type FastifyReply } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorResponses } from "@tavolo/shared/api-responses";
import { checkResponseContract, takeContractBreaches } from "../../test/response-contract";
import { useTestApp } from "../../test/test-app";
import { endpointCatalog, PLACEHOLDER_IDS } from "../fuzz/endpoint-catalog";
import { routeRecorder } from "../fuzz/fuzz-requests";

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
}

const recorder = routeRecorder();
const t = useTestApp({ onRoute: recorder.onRoute });

/** The keys and `auth` flags are what is read here. */
const CATALOG = endpointCatalog(PLACEHOLDER_IDS);

/** "GET /api/client/getRestaurantById/{id}" as the fuzz catalog names it: "GET /api/client/getRestaurantById/:id". */
const catalogKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === "*" ? "*" : `:${name}`))}`;

async function openApiOperations(): Promise<[string, Operation][]> {
  const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
  expect(res.statusCode).toBe(200);
  const document = res.json() as OpenApiDocument;
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): [string, Operation] => [catalogKey(method, path), operation]),
  );
}

describe("the published contract (/api/docs/json)", () => {
  it("documents every API route the app serves, and only those", async () => {
    const documented = (await openApiOperations()).map(([key]) => key).sort();
    const hidden = ["GET /api/docs", "GET /api/docs/json", "GET /api/docs/yaml", "GET /api/docs/static/"];
    const served = [...recorder.routes.keys()].filter((key) => !hidden.some((prefix) => key.startsWith(prefix)));
    expect(documented).toEqual(served.sort());
  });

  it("names every operation with a unique operationId (a new route adds its name to operation-ids.ts)", async () => {
    const operations = await openApiOperations();
    const unnamed = operations.filter(([, operation]) => !operation.operationId).map(([key]) => key);
    expect(unnamed, "routes without an entry in plugins/operation-ids.ts").toEqual([]);
    const ids = operations.map(([, operation]) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const byKey = Object.fromEntries(operations.map(([key, operation]) => [key, operation.operationId]));
    // SPEC §7's names, as SDK generators will call the methods.
    expect(byKey).toMatchObject({
      "POST /api/client/makeReservation": "makeReservation",
      "GET /api/client/getRestaurantById/:id": "getRestaurantById",
      "GET /api/client/searchRestaurantsByLocation": "searchRestaurantsByLocation",
      "POST /api/client/bookLastMinute": "bookLastMinute",
    });
  });

  it("names this deployment's origin (APP_ORIGIN) as the server", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect((res.json() as { servers: unknown[] }).servers).toEqual([
      { url: t.config.appOrigin, description: expect.any(String) },
    ]);
  });

  it("gives every operation a success answer with its schema, never Fastify's 'Default Response'", async () => {
    for (const [key, operation] of await openApiOperations()) {
      const statuses = Object.keys(operation.responses);
      const success = statuses.filter((status) => /^[23]\d\d$/.test(status));
      expect(success, key).not.toEqual([]);
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.description, `${key} ${status}`).not.toBe("Default Response");
        // A redirect has no body; every other answer names its media type and schema.
        if (status !== "302") expect(response.content, `${key} ${status}`).toBeDefined();
      }
    }
  });

  it("documents every error status with the one error envelope { success:false, error, code }", async () => {
    for (const [key, operation] of await openApiOperations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const schema = response.content?.["application/json"]?.schema;
        expect(schema?.required, `${key} ${status}`).toEqual(expect.arrayContaining(["success", "error", "code"]));
        expect(schema?.properties?.success, `${key} ${status}`).toMatchObject({ enum: [false] });
      }
    }
  });

  it("marks exactly the signed-in operations with the bearer scheme, each also answering 401", async () => {
    const operations = await openApiOperations();
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect((res.json() as OpenApiDocument).components.securitySchemes.bearerAuth).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    for (const [key, operation] of operations) {
      const signedIn = CATALOG[key]?.auth === true;
      // Public operations say so (`security: []`) rather than leaving it unsaid.
      expect(operation.security, key).toEqual(signedIn ? [{ bearerAuth: [] }] : []);
      if (signedIn) expect(Object.keys(operation.responses), key).toContain("401");
    }
  });

  it("documents the statuses the spec names on the booking routes", async () => {
    const operations = Object.fromEntries(await openApiOperations());
    expect(Object.keys(operations["POST /api/client/makeReservation"]!.responses).sort()).toEqual(
      ["201", "400", "401", "403", "404", "409", "413", "415", "422", "503"].sort(),
    );
    expect(Object.keys(operations["POST /api/client/bookLastMinute"]!.responses)).toEqual(
      expect.arrayContaining(["201", "401", "404", "409", "422"]),
    );
    expect(Object.keys(operations["POST /api/client/login"]!.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "429"]),
    );
  });
});

describe("the response check every API suite runs", () => {
  /** A route documenting 200 and 404 only, answering whatever the test asks for. */
  async function appWithOneRoute() {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.addHook("onRoute", checkResponseContract);
    app.get(
      "/answer",
      {
        schema: {
          querystring: z.object({ status: z.coerce.number(), raw: z.string().optional() }),
          response: { 200: z.object({ success: z.literal(true), count: z.number() }), ...errorResponses(404) },
        },
      },
      async (request, reply) => {
        const { status, raw } = request.query;
        // Any status on purpose, which the route's types would refuse.
        const anyReply = reply as unknown as FastifyReply;
        // A ready-made string skips the serializer, as the public read caches' answers do.
        if (raw) return anyReply.code(status).type("application/json").send(raw);
        return anyReply.code(status).send({ success: false, error: "Nope", code: "nope" });
      },
    );
    await app.ready();
    return app;
  }

  it("passes a documented status with a body of its schema", async () => {
    const app = await appWithOneRoute();
    const res = await app.inject({ url: "/answer?status=200&raw=" + encodeURIComponent('{"success":true,"count":2}') });
    expect(res.statusCode).toBe(200);
    expect(await app.inject({ url: "/answer?status=404" }).then((r) => r.statusCode)).toBe(404);
    expect(takeContractBreaches()).toEqual([]);
    await app.close();
  });

  it("fails a status the route does not document", async () => {
    const app = await appWithOneRoute();
    const res = await app.inject({ url: "/answer?status=409" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: "response_contract_breach" });
    expect(takeContractBreaches()).toEqual([expect.stringContaining("GET /answer answered 409")]);
    await app.close();
  });

  it("fails a body that is not of the documented shape", async () => {
    const app = await appWithOneRoute();
    const res = await app.inject({ url: "/answer?status=200&raw=" + encodeURIComponent('{"success":true}') });
    expect(res.statusCode).toBe(500);
    expect(takeContractBreaches()).toEqual([expect.stringContaining("with a body its schema refuses")]);
    await app.close();
  });
});
