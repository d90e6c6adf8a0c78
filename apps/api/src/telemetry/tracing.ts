import { NodeTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-node";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import {
  defaultResource,
  detectResources,
  envDetector,
  hostDetector,
  processDetector,
  resourceFromAttributes,
} from "@opentelemetry/resources";
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from "@opentelemetry/semantic-conventions";

/** The paths no one wants a trace of: probes and scrapes, polled every few seconds. */
const UNTRACED_PATHS = new Set(["/api/health", "/api/ready", "/metrics"]);

/**
 * Starts tracing before the server loads (decision 048): OTLP/HTTP export to
 * OTEL_EXPORTER_OTLP_ENDPOINT (the exporter reads it and OTEL_EXPORTER_OTLP_HEADERS itself), the W3C
 * `traceparent` propagator, HTTP server and PostgreSQL spans (PGlite goes through the same `pg`
 * pool, decision 048). OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES name the service; without
 * them it is `tavolo-api`. Spans leave in batches; shutdown flushes the last ones.
 */
export function startTracing(env: NodeJS.ProcessEnv): NodeTracerProvider {
  const resource = defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: "tavolo-api", [ATTR_SERVICE_VERSION]: "0.1.0" }))
    .merge(detectResources({ detectors: [processDetector, hostDetector, envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? "").split("?")[0]!),
        // Outgoing calls worth a span are the SMTP and push sends, traced by hand (spans.ts).
        disableOutgoingRequestInstrumentation: env.OTEL_TRACE_OUTGOING_HTTP !== "1",
      }),
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
    ],
  });
  const flush = () => void provider.shutdown().catch(() => {});
  process.once("beforeExit", flush);
  return provider;
}
