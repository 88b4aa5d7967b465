// The OpenTelemetry SDK, loaded by start-tracing.ts only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
import { createRequire } from "node:module";
import path from "node:path";
import { type Context, context, INVALID_SPAN_CONTEXT, type Span as ApiSpan, trace, type Tracer, type TracerProvider } from "@opentelemetry/api";
import { OTLPTraceExporter as JsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtobufExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, type Span, type SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { requestContext } from "@/lib/core/log/request-context";
import { REQUEST_ID_ATTRIBUTE, REQUEST_ID_KEY } from "./request-span";

/** Names every span with the request id it was started under (the trace's context, or the log's request context). */
const requestIdProcessor: SpanProcessor = {
  onStart(span: Span, parent: Context) {
    const id = (parent.getValue(REQUEST_ID_KEY) as string | undefined) ?? requestContext.getStore()?.requestId;
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
 * Next.js's tracer: its spans (about nine a request: loading modules, resolving, responding) are not made, and what
 * runs under them is a child of the span around them, the request's own (server/web-server.ts). Exporting them cost
 * a third of the GET's throughput in the bench, for little our request span and its SQL do not already say.
 */
const nextPassThrough = {
  startSpan: (_name: string, _options?: unknown, ctx: Context = context.active()): ApiSpan =>
    trace.wrapSpanContext(trace.getSpanContext(ctx) ?? INVALID_SPAN_CONTEXT),
  startActiveSpan(name: string, ...rest: unknown[]): unknown {
    // (name, fn), (name, options, fn) or (name, options, context, fn)
    const fn = rest.pop() as (span: ApiSpan) => unknown;
    const ctx = (rest[1] as Context | undefined) ?? context.active();
    const span = nextPassThrough.startSpan(name, undefined, ctx);
    return context.with(trace.setSpan(ctx, span), fn, undefined, span);
  },
} as Tracer;

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
  provider.register(); // the context manager and the W3C propagator, then the global provider, replaced below
  const withoutNext: TracerProvider = {
    getTracer: (name, version, options) => (name === "next.js" ? nextPassThrough : provider.getTracer(name, version, options)),
  };
  trace.disable();
  trace.setGlobalTracerProvider(withoutNext);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // Only statements of a request or a job: the job engine's polling would otherwise be a trace every 500 ms.
      new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true, requestHook: shortenStatement }),
      new UndiciInstrumentation({ requireParentforSpans: true }),
    ],
  });
  // pg is usually loaded already (the database opened first): the instrumentation patches it in place on its next
  // require, so require it once more, from the project's root (where a bundle's require would find it too).
  createRequire(path.join(process.cwd(), "package.json"))("pg");
  // The last export may fail like any other (a collector that is gone): the spans are lost, the stop goes on.
  return { shutdown: () => provider.shutdown().catch(() => undefined) };
}
