import path from "node:path";
import { existsSync } from "node:fs";
import type { FastifyInstance, FastifyReply } from "fastify";
import fastifyStatic from "@fastify/static";

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
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      void reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });
  const sendIndex = (reply: FastifyReply) => reply.header("cache-control", "no-cache").sendFile("index.html", distDir);
  app.get("/", (_request, reply) => sendIndex(reply));
  app.get("/*", (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    // A missing asset or API path is a real 404, not the app shell.
    if (url.startsWith("/api/") || url.startsWith("/assets/") || path.extname(url) !== "") {
      return reply.callNotFound();
    }
    return sendIndex(reply);
  });
}
