import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registration } from "../../test/auth-helpers";
import { startOtlpReceiver, type ReceivedSpan } from "../../test/otlp-receiver";
import { startServerProcess, type ServerProcess } from "../../test/server-process";
import { TEST_JWT_SECRET, useTestApp } from "../../test/test-app";
import { createTestDataDir } from "../../test/test-database";

const SERVER = 2; // OTLP SpanKind.SPAN_KIND_SERVER

/**
 * Decision 048 as an operator runs it: the real server (src/server.ts) with OTEL_EXPORTER_OTLP_ENDPOINT
 * pointing at a real OTLP/HTTP receiver. On PostgreSQL (`api-pg`) the start is production-style; on
 * PGlite the same `pg` pool carries the queries.
 */
describe("tracing with OTEL_EXPORTER_OTLP_ENDPOINT", () => {
  const t = useTestApp();
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let server: ServerProcess;
  const logLines: Record<string, unknown>[] = [];
  let removeDataDir = () => {};
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    let database: Record<string, string>;
    if (t.databaseUrl) database = { DATABASE_URL: t.databaseUrl };
    else {
      const created = await createTestDataDir("tavolo-tracing-");
      removeDataDir = created.remove;
      database = { DATA_DIR: created.dataDir };
    }
    server = await startServerProcess(
      {
        ...database,
        JWT_SECRET: TEST_JWT_SECRET,
        MAIL_TRANSPORT: "outbox",
        TRUST_PROXY: "1",
        LOG_LEVEL: "info",
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        OTEL_SERVICE_NAME: "tavolo-under-test",
        OTEL_RESOURCE_ATTRIBUTES: "deployment.environment.name=ci",
        // Spans leave within 50 ms rather than the default 5 s.
        OTEL_BSP_SCHEDULE_DELAY: "50",
      },
      90_000,
      (line) => {
        if (line.startsWith("{")) logLines.push(JSON.parse(line) as Record<string, unknown>);
      },
    );
  }, 120_000);
  afterAll(async () => {
    await server?.stop("SIGTERM");
    await receiver?.close();
    removeDataDir();
  });

  /** The first log line `matches` accepts, waiting for the server's output to arrive. */
  async function logLine(matches: (line: Record<string, unknown>) => boolean) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = logLines.find(matches);
      if (found || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function spansOf(traceId: string, until: (spans: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const spans = receiver.spans.filter((span) => span.traceId === traceId);
      if (until(spans) || Date.now() > deadline) return spans;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("continues the caller's traceparent with a server span named by route, a query span, and the ids in the log", async () => {
    const traceId = randomBytes(16).toString("hex");
    const callerSpanId = randomBytes(8).toString("hex");
    const res = await fetch(`${server.url}/api/client/getRestaurantById/${randomUUID()}`, {
      headers: { traceparent: `00-${traceId}-${callerSpanId}-01`, "accept-language": "en" },
    });
    expect(res.status).toBe(404);

    const spans = await spansOf(
      traceId,
      (found) => found.some((span) => span.kind === SERVER) && found.some((span) => span.name.startsWith("pg.query")),
    );
    const serverSpan = spans.find((span) => span.kind === SERVER);
    expect(serverSpan, JSON.stringify(spans)).toBeDefined();
    expect(serverSpan!.parentSpanId).toBe(callerSpanId);
    expect(serverSpan!.name).toBe("GET /api/client/getRestaurantById/:id");
    expect(serverSpan!.attributes["http.route"]).toBe("/api/client/getRestaurantById/:id");
    expect(serverSpan!.resource["service.name"]).toBe("tavolo-under-test");
    expect(serverSpan!.resource["deployment.environment.name"]).toBe("ci");

    // The query belongs to the request: its chain of parents reaches the server span.
    const query = spans.find((span) => span.name.startsWith("pg.query"));
    expect(query, spans.map((span) => span.name).join(", ")).toBeDefined();
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    let ancestor: ReceivedSpan | undefined = query;
    while (ancestor && ancestor !== serverSpan) ancestor = byId.get(ancestor.parentSpanId ?? "");
    expect(ancestor).toBe(serverSpan);

    const completed = await logLine((line) => line.trace_id === traceId && line.msg === "request completed");
    expect(completed, JSON.stringify(logLines.slice(-5))).toBeDefined();
    expect(completed!.span_id).toBe(serverSpan!.spanId);
    expect(completed!.reqId).toEqual(expect.any(String));
  });

  it("traces the mail a request sends as a child of its server span", async () => {
    const traceId = randomBytes(16).toString("hex");
    const res = await fetch(`${server.url}/api/client/register`, {
      method: "POST",
      headers: {
        traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01`,
        "content-type": "application/json",
      },
      body: JSON.stringify(registration()),
    });
    expect(res.status).toBeLessThan(300);
    const spans = await spansOf(
      traceId,
      (found) => found.some((span) => span.name === "mail.send") && found.some((span) => span.kind === SERVER),
    );
    const mail = spans.find((span) => span.name === "mail.send");
    const serverSpan = spans.find((span) => span.kind === SERVER);
    expect(mail, spans.map((span) => span.name).join(", ")).toBeDefined();
    expect(mail!.attributes["tavolo.mail.transport"]).toBe("outbox");
    expect(serverSpan!.name).toBe("POST /api/client/register");
    expect(mail!.parentSpanId).toBe(serverSpan!.spanId);
  });

  it("leaves probes untraced, and still gives their log lines a request id", async () => {
    const traceId = randomBytes(16).toString("hex");
    const res = await fetch(`${server.url}/api/health`, {
      headers: { traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01` },
    });
    expect(res.status).toBe(200);
    // Another traced request afterwards: once its span has arrived, the probe's would have too.
    const after = randomBytes(16).toString("hex");
    await fetch(`${server.url}/api/client/getRestaurantById/${randomUUID()}`, {
      headers: { traceparent: `00-${after}-${randomBytes(8).toString("hex")}-01` },
    });
    await spansOf(after, (found) => found.some((span) => span.kind === SERVER));
    expect(receiver.spans.filter((span) => span.traceId === traceId)).toEqual([]);
    const probe = await logLine((line) => line.msg === "request completed" && line.trace_id === undefined);
    expect(probe?.reqId).toEqual(expect.any(String));
  });
});
