import path from "node:path";
import { existsSync } from "node:fs";
import type { FastifyInstance, FastifyReply } from "fastify";
import fastifyStatic from "@fastify/static";

/** apps/web/src/features/home/components/hero.tsx shows it first; keep the two in step. */
const HOME_HERO_PRELOAD = "</images/hero.svg>; rel=preload; as=image; fetchpriority=high";

/**
 * Serves the built single-page app: hashed files under /assets are immutable for a year, the
 * rest revalidates, and any other non-API GET falls back to index.html so deep links work.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined): Promise<void> {
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
      // index.html names the current hashed files: always revalidated, or a deploy would be missed for an hour.
      const shell = path.basename(filePath).startsWith("index.html");
      void reply.header(
        "cache-control",
        immutable ? "public, max-age=31536000, immutable" : shell ? "no-cache" : "public, max-age=3600",
      );
    },
  });
  const sendIndex = (reply: FastifyReply) => reply.sendFile("index.html", distDir);
  // The home page's largest element is its hero picture, which the browser would otherwise find only
  // once the app's JavaScript has rendered: announced with the HTML, it loads alongside (decision 012).
  // The app's pages, not API operations: left out of the OpenAPI document.
  const page = { schema: { hide: true } };
  app.get("/", page, (_request, reply) => sendIndex(reply.header("link", HOME_HERO_PRELOAD)));
  app.get("/*", page, (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    // A missing asset or API path is a real 404, not the app shell.
    if (url.startsWith("/api/") || url.startsWith("/assets/") || path.extname(url) !== "") {
      return reply.callNotFound();
    }
    return sendIndex(reply);
  });
}
