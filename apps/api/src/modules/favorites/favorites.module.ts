import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/database";
import { favoritesRoutes } from "./favorites.routes";
import { noStore } from "../../http/no-store";

/** Favorites (decision 008) under /api/client; registers after the auth module (`requireUser`). */
export async function registerFavoritesModule(app: FastifyInstance, deps: { database: Database }): Promise<void> {
  await app.register(
    async (client) => {
      client.addHook("onRequest", noStore);
      await client.register(favoritesRoutes, { db: deps.database.db });
    },
    { prefix: "/api/client" },
  );
}
