import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerConnectionClose } from "./connection-close";

/** Resolves once `socket` is closed, by whichever side. */
const closed = (socket: net.Socket) => new Promise<void>((resolve) => socket.once("close", () => resolve()));

describe("closing a server that still holds connections", () => {
  // Without it, close() waits for Fastify's 72 s keep-alive timeout, well past this test's.
  it("ends a connection never used and one answered during the close, after its answer", async () => {
    const app = Fastify();
    registerConnectionClose(app);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const handling = new Promise<void>((resolve) => (started = resolve));
    app.get("/slow", async () => {
      started();
      await released;
      return { done: true };
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;

    const unused = net.connect(port, "127.0.0.1");
    await new Promise((resolve) => unused.once("connect", resolve));
    const unusedClosed = closed(unused);
    const agent = new http.Agent({ keepAlive: true });
    const answer = new Promise<{ status?: number; connection?: string; body: string }>((resolve, reject) => {
      http
        .get({ port, host: "127.0.0.1", path: "/slow", agent }, (response) => {
          let body = "";
          response.on("data", (chunk) => (body += chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode, connection: response.headers.connection, body }),
          );
        })
        .on("error", reject);
    });
    await handling;

    const closing = app.close();
    await unusedClosed;
    release();
    const answered = await answer;
    expect(answered).toMatchObject({ status: 200, connection: "close", body: JSON.stringify({ done: true }) });
    await closing;
    agent.destroy();
  }, 20_000);
});
