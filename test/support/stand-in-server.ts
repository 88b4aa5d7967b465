import http from "node:http";
import type { AddressInfo } from "node:net";

/** A gateway stand-in's API answer: JSON with its status, or "drop" to cut the connection as an unreachable gateway. */
export type StandInAnswer = { status: number; body: unknown } | "drop";

/**
 * A gateway stand-in's HTTP server on 127.0.0.1 (port 0: any free one). `serve` gets each request with its whole
 * body read; it writes a page itself and returns null, or returns the API answer to send (`headers` go with JSON).
 */
export async function listenStandIn(
  port: number | undefined,
  serve: (req: http.IncomingMessage, res: http.ServerResponse, path: string, text: string) => StandInAnswer | null,
  headers: () => Record<string, string> = () => ({}),
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = serve(req, res, new URL(req.url ?? "/", "http://x").pathname, Buffer.concat(chunks).toString("utf8"));
    if (answer === "drop") req.socket.destroy();
    else if (answer) res.writeHead(answer.status, { "content-type": "application/json", ...headers() }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(port ?? 0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Webhooks a stand-in sends in the background (its API answers do not wait for the app), and a wait for them. */
export function backgroundDeliveries() {
  const pending = new Set<Promise<void>>();
  return {
    track(delivery: Promise<void>): void {
      const tracked = delivery.finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    /** Waits until every delivery sent so far has been answered. */
    idle: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
