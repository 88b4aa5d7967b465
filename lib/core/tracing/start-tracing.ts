import { env } from "@/lib/core/env";

export interface Tracing {
  shutdown(): Promise<void>;
}

// One tracer provider per process: the web server starts it before Next.js, whose instrumentation.ts then finds it.
const holder = globalThis as unknown as { __checkoutTracing?: Promise<Tracing> };

/**
 * With OTEL_EXPORTER_OTLP_ENDPOINT set, starts tracing in this process (`role`: web, launcher, worker) and returns
 * its handle (flush on stop); null otherwise, and then no part of the OpenTelemetry SDK is even loaded.
 */
export function startTracing(role: string): Promise<Tracing> | null {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return null;
  holder.__checkoutTracing ??= import("./tracing-sdk").then((sdk) => sdk.registerTracing({ endpoint, protocol: env.OTEL_EXPORTER_OTLP_PROTOCOL, serviceName: env.OTEL_SERVICE_NAME, role }));
  return holder.__checkoutTracing;
}
