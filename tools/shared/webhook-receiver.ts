import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Arrival {
  /** Date.now() when the request's headers arrived (the body is a few KB on loopback). */
  at: number;
  sessionId: string;
  state: string;
  signed: boolean;
}

export interface Receiver {
  url: string;
  /** The first arrival of each event_id. */
  arrivals: Map<string, Arrival>;
  /** Every POST received, repeats included. */
  total(): number;
  close(): Promise<void>;
}

/** A webhook receiver on 127.0.0.1 (`port`, else a free one) answering 200 at once and noting when each event arrived. */
export async function startReceiver(port = 0): Promise<Receiver> {
  const arrivals = new Map<string, Arrival>();
  let total = 0;
  const server = http.createServer((req, res) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      total++;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
        const eventId = String(body.event_id);
        if (!arrivals.has(eventId)) {
          const signed = typeof body.signature === "string" && /^[0-9a-f]{64}$/.test(body.signature);
          arrivals.set(eventId, { at, sessionId: String(body.session_id), state: String(body.state), signed });
        }
        res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
      } catch {
        res.writeHead(400).end("not JSON");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    arrivals,
    total: () => total,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
