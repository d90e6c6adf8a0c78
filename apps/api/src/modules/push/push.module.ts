import type { Agent } from "node:https";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/database";
import { noStore } from "../../http/no-store";
import type { PushConfig } from "./push-config";
import { createPushSender, type PushSender } from "./push-sender";
import { pushRoutes } from "./push.routes";

declare module "fastify" {
  interface FastifyInstance {
    /** The push outbox's sender; tests and the bench run its worker by hand. */
    pushSender: PushSender;
  }
}

/**
 * Web Push (decision 045) under /api/client: the routes, and the sender every other module hands
 * its notifications to. Its worker runs in every process; registers after the auth module.
 */
export async function registerPushModule(
  app: FastifyInstance,
  deps: { database: Database; config: PushConfig; agent?: Agent },
): Promise<PushSender> {
  const sender = createPushSender({ db: deps.database.db, config: deps.config, log: app.log, agent: deps.agent });
  app.decorate("pushSender", sender);
  sender.start();
  app.addHook("onClose", () => sender.close());
  await app.register(
    async (client) => {
      client.addHook("onRequest", noStore);
      await client.register(pushRoutes, { db: deps.database.db, config: deps.config });
    },
    { prefix: "/api/client" },
  );
  return sender;
}
