import { STATUS_CODES } from "node:http";
import type { FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { OPERATION_IDS } from "./operation-ids";

/** The OpenAPI security scheme of signed-in routes: the access token as `Authorization: Bearer …`. */
const BEARER_SCHEME = "bearerAuth";

/**
 * `schema.security` of every route behind `requireUser` (decision 020): the OpenAPI document then
 * shows which operations need a session, and the docs page sends the token it is given.
 */
export const SIGNED_IN = [{ [BEARER_SCHEME]: [] }];

interface DocumentedSchema {
  response?: Record<string, { description?: string }>;
  operationId?: string;
  security?: Record<string, string[]>[];
}

/**
 * The zod transform, then (decision 043):
 * - each answer without a description of its own is named by its status ("OK", "Created") instead
 *   of @fastify/swagger's "Default Response";
 * - the operation gets its `operationId` from operation-ids.ts;
 * - an operation that names no security scheme says `security: []` (public), so generators and
 *   linters never guess.
 */
const describedOperations: typeof jsonSchemaTransform = (document) => {
  const transformed = jsonSchemaTransform(document);
  const schema = (transformed.schema ?? {}) as DocumentedSchema;
  for (const [status, response] of Object.entries(schema.response ?? {})) {
    response.description ??= STATUS_CODES[status] ?? status;
  }
  const methods = [document.route.method].flat();
  const operationId = OPERATION_IDS[`${methods[0]} ${document.url}`];
  if (operationId && methods.length === 1) schema.operationId ??= operationId;
  schema.security ??= [];
  return { ...transformed, schema };
};

/**
 * OpenAPI document generated from the routes' zod schemas, browsable at /api/docs: requests, and
 * every status a route answers with its body (decision 020).
 */
export async function registerApiDocs(app: FastifyInstance, appOrigin: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Tavolo API",
        description:
          "Last-minute restaurant table booking. Errors are `{ success:false, error, code }` in the request's language" +
          " (Accept-Language or X-User-Language); each operation lists the statuses it answers." +
          " Signed-in operations take the access token of login as `Authorization: Bearer <token>`.",
        version: "1.0.0",
      },
      servers: [{ url: appOrigin, description: "This deployment (APP_ORIGIN)" }],
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description: "The `token` (or `accessToken`) of login, register or refresh-token",
          },
        },
      },
    },
    transform: describedOperations,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
}
