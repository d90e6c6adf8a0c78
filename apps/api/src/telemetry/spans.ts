import { SpanStatusCode, trace, type Attributes } from "@opentelemetry/api";

/**
 * Spans by hand where no instrumentation reaches (server rendering, mail and push sends, the
 * workers; decision 048). Only the OpenTelemetry API is imported here: without a tracer provider
 * (no OTEL_EXPORTER_OTLP_ENDPOINT) every call is a no-op costing a function call.
 */
const tracer = trace.getTracer("tavolo-api");

/** Runs `work` inside a span named `name` (a child of the active one), recording a failure on it. */
export function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The active span's ids for a log line (`trace_id`, `span_id`), or nothing when tracing is off. */
export function traceLogFields(): { trace_id: string; span_id: string } | undefined {
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** Names the active server span after the route template (`GET /api/client/getRestaurantById/:id`). */
export function nameServerSpan(method: string, routeTemplate: string): void {
  trace.getActiveSpan()?.setAttribute("http.route", routeTemplate).updateName(`${method} ${routeTemplate}`);
}

/** Sends the spans still waiting in the batch; shutdown calls it before the process exits. */
export async function flushSpans(): Promise<void> {
  const provider = trace.getTracerProvider() as { getDelegate?: () => unknown };
  const delegate = provider.getDelegate?.() as { forceFlush?: () => Promise<void> } | undefined;
  await delegate?.forceFlush?.();
}
