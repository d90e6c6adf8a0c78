import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Language } from "@tavolo/shared/languages";
import type { DB } from "../../db/schema";
import { escapeHtml } from "@tavolo/shared/html";
import { errorResponses } from "@tavolo/shared/api-responses";
import { badRequest } from "../../errors";
import { verifyAlertUnsubscribe } from "./alert-unsubscribe-token";
import { deleteCityInterests, findCityInterestsByCity } from "./city-interests.repository";

const TEXTS = {
  it: {
    confirmTitle: "Disattiva gli avvisi delle offerte",
    confirmBody: (cities: string) => `Non riceverai più email sulle offerte Last Minute a ${cities}.`,
    button: "Disattiva gli avvisi",
    doneTitle: "Avvisi disattivati",
    doneBody: "Non riceverai più queste email. Puoi riattivare gli avvisi quando vuoi dalle impostazioni di Tavolo.",
    invalidTitle: "Link non valido",
    invalidBody:
      "Questo link per disattivare gli avvisi non è valido. Puoi gestire gli avvisi dalle impostazioni di Tavolo.",
    settings: "Vai alle impostazioni",
  },
  en: {
    confirmTitle: "Turn off offer alerts",
    confirmBody: (cities: string) => `You will no longer get emails about Last Minute offers in ${cities}.`,
    button: "Turn off alerts",
    doneTitle: "Alerts turned off",
    doneBody: "You won't get these emails any more. You can turn alerts back on any time in Tavolo's settings.",
    settings: "Go to settings",
  },
} satisfies Record<Language, unknown>;

const page = (language: Language, title: string, body: string) =>
  `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
  `<title>${escapeHtml(title)} · Tavolo</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2933}` +
  `button{font:inherit;padding:.75rem 1.25rem;border:0;border-radius:.5rem;background:#b3261e;color:#fff;cursor:pointer}` +
  `button:focus-visible,a:focus-visible{outline:3px solid #1f2933;outline-offset:2px}a{color:#1d4ed8}</style></head>` +
  `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

const html = { content: { "text/html": { schema: z.string() } } };
const querystring = z.object({ token: z.string().max(2000).default("") });
const summaryOf = "List-Unsubscribe of the offer alert mails (RFC 8058), no sign-in";

/**
 * GET shows the button; POST (the mail provider's one click, or the button) turns the alerts off
 * (decision 044). The token is the authority: it is signed and names the account and its alerts.
 */
export const alertUnsubscribeRoutes: FastifyPluginAsyncZod<{
  db: Kysely<DB>;
  secret: string;
  settingsLink: string;
}> = async (app, { db, secret, settingsLink }) => {
  // One-click unsubscribe posts `List-Unsubscribe=One-Click` form-encoded (RFC 8058 §3.2).
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // A link this deployment did not sign (or signed before JWT_SECRET changed): the one error envelope.
  const invalid = () => badRequest("unsubscribe_link_invalid", "apiErrors.unsubscribeLinkInvalid");

  app.get(
    "/alerts/unsubscribe",
    {
      schema: {
        tags: ["last minute"],
        summary: `${summaryOf}: the page with the button`,
        querystring,
        response: { 200: { description: "The page", ...html }, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const token = verifyAlertUnsubscribe(request.query.token, secret);
      if (!token) throw invalid();
      void reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
      const t = TEXTS[token.language];
      const cities = await findCityInterestsByCity(db, token.userId, token.cityIds);
      if (cities.length === 0) return reply.send(page(token.language, t.doneTitle, `<p>${t.doneBody}</p>`));
      const names = cities.map((city) => (token.language === "en" ? city.name_en : city.name_it)).join(", ");
      const action = `/api/client/alerts/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      return reply.send(
        page(
          token.language,
          t.confirmTitle,
          `<p>${escapeHtml(t.confirmBody(names))}</p><form method="post" action="${escapeHtml(action)}">` +
            `<input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${t.button}</button></form>`,
        ),
      );
    },
  );

  app.post(
    "/alerts/unsubscribe",
    {
      schema: {
        tags: ["last minute"],
        summary: `${summaryOf}: turns the alerts off (idempotent)`,
        querystring,
        response: { 200: { description: "Turned off", ...html }, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const token = verifyAlertUnsubscribe(request.query.token, secret);
      if (!token) throw invalid();
      void reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
      await deleteCityInterests(db, token.userId, token.cityIds);
      request.log.info({ userId: token.userId, cityIds: token.cityIds }, "offer alerts turned off by unsubscribe link");
      const t = TEXTS[token.language];
      return reply.send(
        page(token.language, t.doneTitle, `<p>${t.doneBody}</p><p><a href="${settingsLink}">${t.settings}</a></p>`),
      );
    },
  );
};
