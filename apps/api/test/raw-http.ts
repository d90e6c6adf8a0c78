import net from "node:net";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes as they are over a real socket and reads the answer until the server closes or
 * answers in full: for requests Node's parser refuses, which `inject` never reaches.
 */
export function rawRequest(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    const chunks: Buffer[] = [];
    const finish = () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    };
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString("utf8");
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(text)?.[1];
      const bodyStart = text.indexOf("\r\n\r\n");
      if (length && bodyStart >= 0 && Buffer.byteLength(text.slice(bodyStart + 4)) >= Number(length)) {
        socket.destroy();
        finish();
      }
    });
    socket.on("close", finish);
    socket.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" ? finish() : reject(error)));
  });
}
