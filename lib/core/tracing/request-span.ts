import { createContextKey, context, propagation, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, trace, type Tracer } from "@opentelemetry/api";

// The OpenTelemetry API only (no SDK): without tracing started every call here is a no-op.

/** The request id in a trace's context: every span started under a request carries it (see start-tracing.ts). */
export const REQUEST_ID_KEY = createContextKey("checkout.request_id");
export const REQUEST_ID_ATTRIBUTE = "checkout.request_id";

// The started SDK's tracer (tracing-sdk.ts), kept per process: not registered globally, as Next.js would then trace too.
const slot = globalThis as unknown as { __checkoutTracer?: Tracer };
const tracer = (): Tracer => slot.__checkoutTracer ?? trace.getTracer("checkout");

/** Spans of this module come from `started` from now on. */
export function setCheckoutTracer(started: Tracer): void {
  slot.__checkoutTracer = started;
}

/**
 * Runs `handle` inside a server span `name` that carries `requestId` (a child of the caller's span when its
 * `headers` carry a traceparent); `end` ends it with the response's status.
 */
export function withRequestSpan<T>(
  headers: Record<string, string | string[] | undefined>,
  name: string,
  attributes: Record<string, string>,
  requestId: string,
  handle: (end: (status: number) => void) => T,
): T {
  const parent = propagation.extract(ROOT_CONTEXT, headers);
  const span = tracer().startSpan(name, { kind: SpanKind.SERVER, attributes: { ...attributes, [REQUEST_ID_ATTRIBUTE]: requestId } }, parent);
  const end = (status: number) => {
    span.setAttribute("http.response.status_code", status);
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  // What runs under it sees a non-recording copy (same ids, so its spans are children): Next.js sets attributes on
  // the active span after the response has closed, when this one has ended, and the SDK answers each such call by
  // building an Error for a warning (a quarter of tracing's cost per request).
  const active = trace.wrapSpanContext(span.spanContext());
  return context.with(trace.setSpan(parent, active).setValue(REQUEST_ID_KEY, requestId), () => handle(end));
}

/** Runs `work` inside a span `name` (a job), recording a thrown error on it. */
export async function inSpan<T>(name: string, attributes: Record<string, string>, work: () => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span: Span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
