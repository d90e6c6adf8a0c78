import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BODY_ERROR_STATUSES, errorResponses } from "@tavolo/shared/api-responses";
import {
  reminderLinkAnswerResponseSchema,
  reminderLinkDetailsResponseSchema,
  reminderLinkRequestSchema,
} from "@tavolo/shared/reminders";
import type { AppConfig } from "../../config";
import { requestLanguage } from "../../i18n/request-language";
import { rateLimited } from "../auth/route-helpers";
import type { ReminderLinks } from "./reminder-links.service";

const tags = ["reservations"];

/**
 * The reminder's one-tap links (decision 046): no session needed, the single-use token stands for
 * the diner. Limited per client address like the other token routes (failed attempts count).
 */
export const reminderLinkRoutes: FastifyPluginAsyncZod<{
  links: ReminderLinks;
  rateLimits: AppConfig["authRateLimit"];
  invalidateAvailability: () => void;
}> = async (app, { links, rateLimits, invalidateAvailability }) => {
  const answers = {
    200: reminderLinkAnswerResponseSchema,
    ...errorResponses(...BODY_ERROR_STATUSES, 404, 409, 410, 429),
  };

  app.get(
    "/reservations/reminder-link",
    {
      ...rateLimited(app, "reminder-link", rateLimits),
      schema: {
        tags,
        summary: "What a reminder link's page shows (the booking and which button); changes nothing; 410 once spent",
        querystring: reminderLinkRequestSchema,
        response: { 200: reminderLinkDetailsResponseSchema, ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request) => links.details(request.query.token),
  );

  app.post(
    "/reservations/attend-by-link",
    {
      ...rateLimited(app, "reminder-link", rateLimits),
      schema: {
        tags,
        summary: "'Ci sarò': record that the diner is coming (single use, expires at the booking's start)",
        body: reminderLinkRequestSchema,
        response: answers,
      },
    },
    async (request) => links.attend(request.body.token, requestLanguage(request)),
  );

  app.post(
    "/reservations/release-by-link",
    {
      ...rateLimited(app, "reminder-link", rateLimits),
      schema: {
        tags,
        summary:
          "'Non riesco a venire': cancel the booking (cancellation mail and .ics) and hand its table to the waitlist",
        body: reminderLinkRequestSchema,
        response: answers,
      },
    },
    async (request) => {
      try {
        return await links.release(request.body.token, requestLanguage(request));
      } finally {
        invalidateAvailability();
      }
    },
  );
};
