import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "@tavolo/shared/api-responses";
import {
  createUserProfileRequestSchema,
  profileResponseSchema,
  updateProfileRequestSchema,
  userIdParamsSchema,
  userIdQuerySchema,
  userProfileResponseSchema,
} from "@tavolo/shared/auth";
import { SIGNED_IN } from "../../plugins/api-docs";
import { assertCaller, callerId } from "../../plugins/auth";
import type { AccountService } from "./accounts.service";
import { toAuthUser } from "./user.mapper";

const tags = ["profile"];
/** Another user's id is a 403; a deleted account's token meets a 404. */
const readProfile = {
  security: SIGNED_IN,
  response: { 200: profileResponseSchema, ...errorResponses(400, 401, 403, 404) },
};
const writeProfile = {
  security: SIGNED_IN,
  response: { 200: profileResponseSchema, ...errorResponses(401, 403, 404, 409) },
};

/** The signed-in user's own profile; a user id that is not the caller's is a 403 (DESIGN §5). */
export const profileRoutes: FastifyPluginAsyncZod<{ accounts: AccountService }> = async (app, { accounts }) => {
  // onRequest: an anonymous caller is told to sign in before anything about its input.
  app.addHook("onRequest", app.requireUser);

  const profileOf = async (userId: string) => ({
    success: true as const,
    profile: toAuthUser(await accounts.profile(userId)),
  });

  app.get(
    "/getUserProfile/:id",
    {
      schema: { tags, summary: "The caller's profile (with authProvider)", params: userIdParamsSchema, ...readProfile },
    },
    (request) => profileOf(assertCaller(request, request.params.id)),
  );
  app.get(
    "/getUserProfile",
    {
      schema: {
        tags,
        summary: "Same, id in the query (cache-busting parameters ignored)",
        querystring: userIdQuerySchema,
        ...readProfile,
      },
    },
    (request) => profileOf(assertCaller(request, request.query.userId)),
  );
  app.get(
    "/users/:id/profile",
    { schema: { tags, summary: "Same, REST-style path", params: userIdParamsSchema, ...readProfile } },
    (request) => profileOf(assertCaller(request, request.params.id)),
  );
  app.get(
    "/user-profile",
    {
      schema: {
        tags,
        summary: "The caller, from the token alone",
        security: SIGNED_IN,
        response: { 200: userProfileResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ success: true as const, user: toAuthUser(await accounts.profile(callerId(request))) }),
  );

  app.post(
    "/createUserProfile",
    {
      schema: {
        tags,
        summary: "Fill in the caller's profile fields",
        body: createUserProfileRequestSchema,
        ...writeProfile,
      },
    },
    async (request) => {
      const userId = assertCaller(request, request.body.userId);
      return { success: true as const, profile: toAuthUser(await accounts.createProfile(userId, request.body)) };
    },
  );
  app.put(
    "/updateProfile/:id",
    {
      schema: {
        tags,
        summary: "Change the caller's profile fields",
        params: userIdParamsSchema,
        body: updateProfileRequestSchema,
        ...writeProfile,
      },
    },
    async (request) => {
      const userId = assertCaller(request, request.params.id);
      return { success: true as const, profile: toAuthUser(await accounts.updateProfile(userId, request.body)) };
    },
  );
};
