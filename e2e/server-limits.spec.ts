import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import { readApiKey } from "./support/credentials";

// The production server's own limits, below any route: a client that declares a body and stops sending gets a
// 408 and its connection closed once REQUEST_TIMEOUT_SECONDS (10 here) have passed, instead of holding it open.
// Runs once: no browser involved.

test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== "chromium", "server-level, not a page"));

/** Sends `head` and what follows, then waits for the server to close the connection; returns all it answered. */
function sendAndWaitForClose(raw: string): Promise<string> {
  const url = new URL(test.info().project.use.baseURL!);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(raw));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

// Both waits run at once, each on its own connection: one REQUEST_TIMEOUT_SECONDS for the two cases.
test("a body that stops arriving, and headers that never end, are answered 408 and their connections closed", async () => {
  test.setTimeout(60_000);
  const [body, headers] = await Promise.all([
    sendAndWaitForClose(
      [
        "POST /b/checkout/v1/pymt-txn/ HTTP/1.1",
        "Host: 127.0.0.1",
        `Authorization: Api-Key ${readApiKey()}`,
        "Content-Type: application/json",
        "Content-Length: 100",
        "",
        '{"amount":',
      ].join("\r\n"),
    ),
    sendAndWaitForClose("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n"),
  ]);
  expect(body.split("\r\n")[0], "body").toBe("HTTP/1.1 408 Request Timeout");
  expect(headers.split("\r\n")[0], "headers").toBe("HTTP/1.1 408 Request Timeout");
});

test("an address with malformed percent-encoding is a JSON 400, not Next.js's bare 500", async ({ request }) => {
  for (const path of ["/b/checkout/v1/attachments/%E0%A4%A", "/b/checkout/gateway/%ZZ/callback/", "/b/checkout/redirect/start/?session_id=%E0%A4%A"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(400);
    expect(await res.json(), path).toEqual({ detail: expect.stringContaining("The address is not valid") });
  }
});

test("an upload refused before its end closes its connection, so the client's next request is answered", async () => {
  const base = test.info().project.use.baseURL!;
  const callback = `${base}/b/checkout/gateway/sandbox/callback/`;
  // 2 MiB in chunks without a length: refused at the 1 MiB limit while the rest is still coming.
  const upload = new ReadableStream({
    start(controller) {
      for (let i = 0; i < 32; i++) controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      controller.close();
    },
  });
  const refused = await fetch(callback, { method: "POST", headers: { "content-type": "application/json" }, body: upload, duplex: "half" } as RequestInit);
  expect(refused.status).toBe(413);
  expect(refused.headers.get("connection")).toBe("close");
  await refused.text();
  // The same client's next request: it used to be sent on the refused upload's connection and never answered.
  const next = await fetch(callback, { method: "POST", headers: { "content-type": "text/xml" }, body: "<a/>", signal: AbortSignal.timeout(5_000) });
  expect(next.status).toBe(415);
  // A request read to its end keeps its connection.
  expect((await fetch(`${base}/api/health`)).headers.get("connection")).toBe("keep-alive");
});

// Node closes an idle keep-alive connection after 5 s, so a client or proxy that keeps its own longer (a load
// balancer's 60 s, a merchant's pooled HTTP client) could send a request just as the server closed it: a reset
// POST. The server keeps it KEEP_ALIVE_SECONDS (65): a request 6 s later on the same connection is answered.
test("an idle keep-alive connection is kept past Node's 5 s: a request 6 s later on it is answered", async () => {
  const url = new URL(test.info().project.use.baseURL!);
  const request = "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  const answers = await new Promise<string[]>((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(request));
    let received = "";
    const statusLines = () => received.match(/^HTTP\/1\.1 \d{3} [^\r\n]*/gm) ?? [];
    socket.on("data", (chunk) => {
      const before = statusLines().length;
      received += chunk.toString();
      if (before === 0 && statusLines().length === 1) setTimeout(() => socket.write(request), 6_000);
      if (statusLines().length === 2) socket.end();
    });
    socket.on("close", () => resolve(statusLines()));
    socket.on("error", reject);
  });
  expect(answers).toEqual(["HTTP/1.1 200 OK", "HTTP/1.1 200 OK"]);
});
