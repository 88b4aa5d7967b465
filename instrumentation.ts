// Next.js calls register() once when a server starts. Under `npm start` the web server (server/web-server.ts) has
// already started tracing, so this finds it; under a bare `next start` or `next dev`, it starts it here.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startTracing } = await import("@/lib/core/tracing/start-tracing");
  await startTracing("web");
}
