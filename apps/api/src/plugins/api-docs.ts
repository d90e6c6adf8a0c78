import { STATUS_CODES } from "node:http";
import type { FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** The OpenAPI security scheme of signed-in routes: the access token as `Authorization: Bearer …`. */
const BEARER_SCHEME = "bearerAuth";

/**
 * `schema.security` of every route behind `requireUser` (decision 020): the OpenAPI document then
 * shows which operations need a session, and the docs page sends the token it is given.
 */
export const SIGNED_IN = [{ [BEARER_SCHEME]: [] }];

/**
 * The zod transform, then each answer without a description of its own is named by its status
 * ("OK", "Created") instead of @fastify/swagger's "Default Response".
 */
const describedResponses: typeof jsonSchemaTransform = (document) => {
  const transformed = jsonSchemaTransform(document);
  const responses = (transformed.schema as { response?: Record<string, { description?: string }> } | undefined)
    ?.response;
  for (const [status, response] of Object.entries(responses ?? {})) {
    response.description ??= STATUS_CODES[status] ?? status;
  }
  return transformed;
};

/**
 * OpenAPI document generated from the routes' zod schemas, browsable at /api/docs: requests, and
 * every status a route answers with its body (decision 020).
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
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
      servers: [],
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
    transform: describedResponses,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
}
