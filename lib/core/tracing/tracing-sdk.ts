// The OpenTelemetry SDK, loaded by start-tracing.ts only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
import Module, { createRequire } from "node:module";
import path from "node:path";
import { type Context, type Span as ApiSpan, trace } from "@opentelemetry/api";
import { OTLPTraceExporter as JsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtobufExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, type Span, type SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { requestScope } from "@/lib/core/request-scope";
import { REQUEST_ID_ATTRIBUTE, REQUEST_ID_KEY, setCheckoutTracer } from "./request-span";

/** Names every span with the request id it was started under (the trace's context, or the log's request context). */
const requestIdProcessor: SpanProcessor = {
  onStart(span: Span, parent: Context) {
    const id = (parent.getValue(REQUEST_ID_KEY) as string | undefined) ?? requestScope()?.requestId;
    if (id) span.setAttribute(REQUEST_ID_ATTRIBUTE, id);
  },
  onEnd: () => undefined,
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};

/** A statement's first characters name it; an INSERT's whole column list (2 KB for a transaction) is for the log. */
const STATEMENT_CHARS = 300;

function shortenStatement(span: ApiSpan, info: { query: { text: string } }): void {
  if (info.query.text.length > STATEMENT_CHARS) span.setAttribute("db.query.text", `${info.query.text.slice(0, STATEMENT_CHARS)}…`);
}

/**
 * Registers the tracer provider exporting to `endpoint` (OTLP/HTTP, /v1/traces) and the pg and undici (fetch)
 * instrumentations. A dead collector costs nothing to a request: spans wait in a bounded queue (dropped when it is
 * full), are sent in batches off the request's path, and each export gives up after 2 s.
 */
export function registerTracing(options: { endpoint: string; protocol: "http/protobuf" | "http/json"; serviceName: string; role: string }): {
  shutdown(): Promise<void>;
} {
  const { endpoint, protocol, serviceName, role } = options;
  const Exporter = protocol === "http/json" ? JsonExporter : ProtobufExporter;
  const exporter = new Exporter({ url: `${endpoint.replace(/\/+$/, "")}/v1/traces`, timeoutMillis: 2_000 });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": serviceName, "service.instance.role": role }),
    spanProcessors: [
      requestIdProcessor,
      new BatchSpanProcessor(exporter, { maxQueueSize: 2048, maxExportBatchSize: 512, scheduledDelayMillis: 1_000, exportTimeoutMillis: 2_000 }),
    ],
  });
  // The context manager and the W3C propagator, but no global tracer provider: with one, Next.js traces each request
  // itself (about nine spans, and a context switch for each: GET ran at 68.6 % with them), for little our request
  // span and its SQL do not already say. Our spans come from this provider's tracer, handed to request-span.ts.
  provider.register();
  trace.disable();
  setCheckoutTracer(provider.getTracer("checkout"));
  const { require: originalRequire } = Module.prototype;
  const originalBuiltin = process.getBuiltinModule;
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // Only statements of a request or a job: the job engine's polling would otherwise be a trace every 500 ms.
      new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true, requestHook: shortenStatement }),
      new UndiciInstrumentation({ requireParentforSpans: true }),
    ],
  });
  // pg is usually loaded already (the database opened first): the instrumentation patches it in place on its next
  // require, so require it and its pool once more, from the project's root (where a bundle's require finds them).
  const load = createRequire(path.join(process.cwd(), "package.json"));
  load("pg");
  load("pg-pool");
  // Both are patched in place now, and undici is watched through diagnostics channels. The require hook the
  // instrumentations installed would go on resolving the path of every require() Next.js makes during a request
  // (a quarter of tracing's cost per request), so the original require comes back.
  Module.prototype.require = originalRequire;
  process.getBuiltinModule = originalBuiltin;
  // The last export may fail like any other (a collector that is gone): the spans are lost, the stop goes on.
  return { shutdown: () => provider.shutdown().catch(() => undefined) };
}
