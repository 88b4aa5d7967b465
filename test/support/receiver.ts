import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A merchant's webhook endpoint on 127.0.0.1: records every request and answers with `answer()` (a status, one
 * later, or "hang" to never answer). It can be stopped and started again on the same port.
 */
export async function startReceiver(answer: (n: number) => number | "hang" | Promise<number> = () => 200) {
  const received: Received[] = [];
  const hanging: http.ServerResponse[] = [];
  const handler: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      void Promise.resolve(answer(received.length)).then((status) => {
        if (status === "hang") hanging.push(res);
        else res.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "ok" : "nope");
      });
    });
  };
  let server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      hanging.splice(0).forEach((r) => r.destroy());
      server.closeAllConnections();
      server.close(() => resolve());
    });
  const start = async () => {
    server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  };
  afterAll(stop);
  return { url: `http://127.0.0.1:${port}/hook`, received, stop, start };
}
