import path from "node:path";
import { existsSync } from "node:fs";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import { createPageRenderer, type PageRendererOptions } from "../ssr/page-renderer";
import { HOME_HERO_IMAGE, isAppPath, renderedPageOf, type RenderedPageRoute } from "@tavolo/shared/app-paths";
import { AppError } from "../errors";

/** The picture the home page shows first (its hero). */
const HOME_HERO_PRELOAD = `<${HOME_HERO_IMAGE}>; rel=preload; as=image; fetchpriority=high`;

/**
 * Serves the built app: hashed files under /assets are immutable for a year, the rest revalidates.
 * The public pages of RENDERED_PAGES are rendered on the server when the build has its server entry (and
 * `ssr` is given); any other non-API GET falls back to index.html so deep links work.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  ssr?: Omit<PageRendererOptions, "distDir">,
): Promise<void> {
  if (!distDir || !existsSync(path.join(distDir, "index.html"))) {
    app.log.warn({ distDir }, "web build not found: serving the API only (run `npm run build`)");
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file (vite.config.ts): sent to browsers that accept them.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      // index.html names the current hashed files, and the service worker (decision 045) names the
      // precached ones: always revalidated, or a deploy would be missed for an hour.
      const name = path.basename(filePath);
      const shell = name.startsWith("index.html") || name.startsWith("sw.js") || name.startsWith("manifest.");
      void reply.header(
        "cache-control",
        immutable ? "public, max-age=31536000, immutable" : shell ? "no-cache" : "public, max-age=3600",
      );
    },
  });
  const sendIndex = (reply: FastifyReply) => reply.sendFile("index.html", distDir);
  /** An unknown path still gets the app, which shows its "not found" page, but with a real 404 (no soft 404). */
  const sendNotFoundPage = (reply: FastifyReply) => reply.code(404).sendFile("index.html", distDir);
  const renderPage = ssr ? await createPageRenderer(app, { ...ssr, distDir }) : null;
  /** A rendered page, or the app shell when there is no server entry or the render failed. */
  const serve = async (request: FastifyRequest, reply: FastifyReply, route: RenderedPageRoute | null) => {
    if (!renderPage || !route) return sendIndex(reply);
    try {
      return await renderPage(request, reply, route);
    } catch (error) {
      // Too many renders at once (decision 041): the 503 + Retry-After, not a shell that hides it.
      if (error instanceof AppError && error.statusCode === 503) throw error;
      // The page still works: the browser renders it, as it does for every other route.
      request.log.error({ err: error, url: request.url }, "server rendering failed: sending the app shell");
      return sendIndex(reply.code(200).removeHeader("etag"));
    }
  };
  // The home page's largest element is its hero picture, which the browser would otherwise find only
  // once the app's JavaScript has rendered: announced with the HTML, it loads alongside (decision 012).
  // The app's pages, not API operations: left out of the OpenAPI document.
  const page = { schema: { hide: true } };
  app.get("/", page, (request, reply) => serve(request, reply.header("link", HOME_HERO_PRELOAD), "home"));
  app.get("/*", page, (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    // A missing asset or API path is a real 404, not the app shell.
    if (url.startsWith("/api/") || url.startsWith("/assets/") || path.extname(url) !== "") {
      return reply.callNotFound();
    }
    if (!isAppPath(url)) return sendNotFoundPage(reply);
    // The server-rendered pages (decisions 027, 049); every other path is the client-rendered app.
    return serve(request, reply, renderedPageOf(url));
  });
}
