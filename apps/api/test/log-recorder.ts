import Fastify, { type FastifyBaseLogger } from "fastify";

/** One line of the JSON log: pino's level number, the message and the bound fields. */
export type LogLine = { level: number; msg: string } & Record<string, unknown>;
export const LOG_LEVELS = { warn: 40, error: 50 } as const;

/** A real (pino) logger, as the app's, whose lines the test can read. */
export function recordingLogger(): { log: FastifyBaseLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
  return { log: Fastify({ logger: { level: "info", stream } }).log, lines };
}
