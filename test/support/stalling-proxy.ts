import { type AddressInfo, connect, createServer, type Socket } from "node:net";

/**
 * A TCP proxy to the test database that can be made to stall: every byte stops flowing both ways and new
 * connections are accepted but never answered — the database as a process that hangs or a network that drops
 * packets, the case where nothing fails fast.
 */
export async function startStallingProxy(target: { host: string; port: number }) {
  let stalled = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => undefined);
    if (stalled) return;
    const upstream = connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.on("error", () => client.destroy());
    client.on("data", (chunk) => stalled || upstream.write(chunk));
    upstream.on("data", (chunk) => stalled || client.write(chunk));
    client.on("end", () => stalled || upstream.end());
    upstream.on("end", () => stalled || client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stall: () => void (stalled = true),
    close: () => {
      sockets.forEach((s) => s.destroy());
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
