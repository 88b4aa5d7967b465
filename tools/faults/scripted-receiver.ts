import http from "node:http";
import type { AddressInfo } from "node:net";

/** A receiver that answers every POST after `delayMs` with `status`, noting each arrival per event and per `webhook-id`. */
export async function scriptedReceiver(status: number, delayMs: number) {
  const arrivals = new Map<string, number[]>();
  const byWebhookId = new Map<string, number>();
  let inFlight = 0;
  const server = http.createServer((req, res) => {
    const at = Date.now();
    inFlight++;
    res.on("close", () => inFlight--);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const eventId = String((JSON.parse(Buffer.concat(chunks).toString("utf8")) as { event_id?: unknown }).event_id);
      arrivals.set(eventId, [...(arrivals.get(eventId) ?? []), at]);
      const webhookId = String(req.headers["webhook-id"]);
      byWebhookId.set(webhookId, (byWebhookId.get(webhookId) ?? 0) + 1);
      const answer = () => res.writeHead(status).end();
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    arrivals,
    byWebhookId,
    /** Requests received and not answered yet. */
    inFlight: () => inFlight,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
