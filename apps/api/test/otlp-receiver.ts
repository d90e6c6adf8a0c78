import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** One span as OTLP/JSON carries it (ids in hex), with its service's resource attributes. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
type OtlpAttributes = { key: string; value: OtlpValue }[] | undefined;
const flat = (attributes: OtlpAttributes) =>
  Object.fromEntries(
    (attributes ?? []).map(({ key, value }) => [
      key,
      value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue,
    ]),
  );

/**
 * A real OTLP/HTTP trace receiver (POST /v1/traces, JSON encoding, as
 * @opentelemetry/exporter-trace-otlp-http sends it) on a free port; it keeps every span it is sent.
 */
export async function startOtlpReceiver(): Promise<{
  endpoint: string;
  spans: ReceivedSpan[];
  close(): Promise<void>;
}> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method !== "POST" || request.url !== "/v1/traces") {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        resourceSpans: {
          resource?: { attributes: OtlpAttributes };
          scopeSpans: { spans: (Omit<ReceivedSpan, "attributes" | "resource"> & { attributes: OtlpAttributes })[] }[];
        }[];
      };
      for (const group of body.resourceSpans) {
        const resource = flat(group.resource?.attributes);
        for (const scope of group.scopeSpans)
          for (const span of scope.spans) spans.push({ ...span, attributes: flat(span.attributes), resource });
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
