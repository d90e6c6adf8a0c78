import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

/**
 * Makes `app.close()` end every connection it holds, not only those Node calls idle. Node's server
 * close waits for each open connection to close, and closes at once only one that has served a
 * request and waits for the next: a connection opened and never used (a browser's or a load
 * balancer's preconnect, an HTTP client that reconnects after an abort) and the keep-alive
 * connection of a request answered during the close both stayed open until Fastify's 72 s
 * keep-alive timeout, so a deploy's SIGTERM ended in the 10 s forced exit with nothing else closed
 * (decision 069). On close, a connection with no request in flight is ended now, and one with a
 * request in flight right after its answer, which tells the client `Connection: close`.
 */
export function registerConnectionClose(app: FastifyInstance): void {
  /** Each open connection, and the response it is busy with (undefined between requests). */
  const connections = new Map<Socket, ServerResponse | undefined>();
  let closing = false;

  const endAfterAnswer = (socket: Socket, response: ServerResponse) => {
    // Already answered and waiting to be flushed: end() sends what is queued first.
    if (response.writableEnded) return void socket.end();
    if (!response.headersSent) response.setHeader("connection", "close");
    response.once("finish", () => socket.end());
  };

  app.server.on("connection", (socket: Socket) => {
    if (closing) return void socket.destroy();
    connections.set(socket, undefined);
    socket.once("close", () => connections.delete(socket));
  });
  app.server.on("request", (request: { socket: Socket }, response: ServerResponse) => {
    const socket = request.socket;
    if (!connections.has(socket)) return;
    connections.set(socket, response);
    response.once("close", () => {
      if (connections.get(socket) === response) connections.set(socket, undefined);
    });
    if (closing) endAfterAnswer(socket, response);
  });
  // preClose runs before Fastify stops the server listening and waits for its connections.
  app.addHook("preClose", (done) => {
    closing = true;
    for (const [socket, response] of connections) {
      if (response) endAfterAnswer(socket, response);
      else socket.destroy();
    }
    done();
  });
}
