/**
 * Process entry (`npm start`, `tsx src/server.ts`, `node --import tsx src/server.ts`). With
 * OTEL_EXPORTER_OTLP_ENDPOINT set, tracing starts first: its instrumentations patch `http` and `pg`
 * as they are required, so the server is imported only afterwards, and only dynamically (a static
 * import would load them before). Without the setting the tracing SDK is never loaded (decision 048).
 */
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
  const { startTracing } = await import("./telemetry/tracing");
  startTracing(process.env);
}
await import("./serve");

// A module (top-level await), with nothing to export.
export {};
