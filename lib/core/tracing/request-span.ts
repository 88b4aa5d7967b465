import { createContextKey, context, propagation, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";

// The OpenTelemetry API only (no SDK): without tracing started every call here is a no-op.

/** The request id in a trace's context: every span started under a request carries it (see start-tracing.ts). */
export const REQUEST_ID_KEY = createContextKey("checkout.request_id");
export const REQUEST_ID_ATTRIBUTE = "checkout.request_id";

const tracer = () => trace.getTracer("checkout");

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
  return context.with(trace.setSpan(parent, span).setValue(REQUEST_ID_KEY, requestId), () => handle(end));
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
