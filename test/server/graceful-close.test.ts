import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { gracefulClose } from "@/lib/http/graceful-close";

// The web server's shutdown (server/web-server.ts). Under load on two web processes, SIGTERM to one of them
// reset a request a client had just sent on an idle keep-alive connection: http.Server#close() closes those at
// once. Requests still coming on open connections must be answered, each closing its connection.

interface Answer {
  status: number;
  body: string;
  connection: string | undefined;
  reusedSocket: boolean;
}

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

async function startServer(handler: http.RequestListener, options: { keepAliveTimeout?: number; drainingIdleMs?: number } = {}) {
  const server = http.createServer({ keepAliveTimeout: options.keepAliveTimeout }, handler);
  servers.push(server);
  const draining = gracefulClose(server, { drainingIdleMs: options.drainingIdleMs });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, draining };
}

/** A handler that holds the request it gets until `release(body)`; `arrived` resolves when it has one. */
function holdingHandler() {
  let answer: ((body: string) => void) | undefined;
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const handler: http.RequestListener = (_req, res) => {
    answer = (body) => res.end(body);
    arrive();
  };
  return { handler, arrived, release: (body: string) => answer?.(body) };
}

function get(port: number, agent: http.Agent | false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, body, connection: res.headers.connection, reusedSocket: req.reusedSocket }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

describe("a web server draining after a stop signal", () => {
  it("answers a request sent on an idle keep-alive connection, then closes that connection", async () => {
    const { port, draining } = await startServer((_req, res) => res.end("ok"));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, agent)).connection).toBe("keep-alive");

    const drained = draining.drain(60_000);
    const answer = await get(port, agent);
    expect(answer).toEqual({ status: 200, body: "ok", connection: "close", reusedSocket: true });
    await expect(drained).resolves.toBe(true);
    agent.destroy();
  });

  // The web server keeps idle connections KEEP_ALIVE_SECONDS (65 s), longer than its 10 s grace: one idle when the
  // drain begins ends after drainingIdleMs more, and the stop is clean.
  it("ends a connection idle when the drain begins, though the server's keep-alive timeout outlasts the grace", async () => {
    const { port, draining } = await startServer((_req, res) => res.end("ok"), { keepAliveTimeout: 65_000, drainingIdleMs: 100 });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, agent)).connection).toBe("keep-alive");
    await expect(draining.drain(3_000)).resolves.toBe(true);
    agent.destroy();
  });

  // An answer whose headers went before the drain cannot say `Connection: close`: its connection stays open after
  // it, idle, and must end like the others.
  it("ends the connection of an answer streaming when the drain begins, once it has been idle after it", async () => {
    let streaming: http.ServerResponse | undefined;
    const { port, draining } = await startServer(
      (_req, res) => {
        res.writeHead(200).write("first part ");
        streaming = res;
      },
      { keepAliveTimeout: 65_000, drainingIdleMs: 100 },
    );
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const answer = get(port, agent);
    await vi.waitFor(() => expect(streaming).toBeDefined());
    const drained = draining.drain(3_000);
    streaming!.end("last part");
    expect(await answer).toMatchObject({ body: "first part last part", connection: "keep-alive" });
    await expect(drained).resolves.toBe(true);
    agent.destroy();
  });

  it("finishes a request in flight when the drain begins, closing its connection afterwards", async () => {
    const held = holdingHandler();
    const { port, draining } = await startServer(held.handler);
    const answer = get(port, false);
    await held.arrived;
    const drained = draining.drain(60_000);
    held.release("late but whole");
    expect(await answer).toMatchObject({ status: 200, body: "late but whole", connection: "close" });
    await expect(drained).resolves.toBe(true);
  });

  it("refuses new connections once it is draining, so that clients and proxies go to another process", async () => {
    const { port, draining } = await startServer((_req, res) => res.end("ok"));
    const drained = draining.drain(60_000);
    await expect(get(port, false)).rejects.toMatchObject({ code: "ECONNREFUSED" });
    await expect(drained).resolves.toBe(true);
  });

  it("closes what is still open after the grace period and says it had to", async () => {
    const held = holdingHandler();
    const { port, draining } = await startServer(held.handler);
    const answer = get(port, false);
    await held.arrived;
    await expect(draining.drain(50)).resolves.toBe(false);
    await expect(answer).rejects.toMatchObject({ code: "ECONNRESET" });
  });

  it("closes what is still open at once when told to stop now (a second Ctrl-C), and counts it", async () => {
    const held = holdingHandler();
    const { port, draining } = await startServer(held.handler);
    const answer = get(port, false);
    await held.arrived;
    await expect(draining.drain(60_000, Promise.resolve())).resolves.toBe(false);
    expect(draining.requestsCut()).toBe(1);
    await expect(answer).rejects.toMatchObject({ code: "ECONNRESET" });
  });
});
