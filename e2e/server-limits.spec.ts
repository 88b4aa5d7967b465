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

test("a body that stops arriving is answered 408 and its connection closed", async () => {
  test.setTimeout(60_000);
  const answer = await sendAndWaitForClose(
    [
      "POST /b/checkout/v1/pymt-txn/ HTTP/1.1",
      "Host: 127.0.0.1",
      `Authorization: Api-Key ${readApiKey()}`,
      "Content-Type: application/json",
      "Content-Length: 100",
      "",
      '{"amount":',
    ].join("\r\n"),
  );
  expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
});

test("headers that never end are answered 408 and the connection closed", async () => {
  test.setTimeout(60_000);
  const answer = await sendAndWaitForClose("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n");
  expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
});

test("an address with malformed percent-encoding is a JSON 400, not Next.js's bare 500", async ({ request }) => {
  for (const path of ["/b/checkout/v1/attachments/%E0%A4%A", "/b/checkout/gateway/%ZZ/callback/", "/b/checkout/redirect/start/?session_id=%E0%A4%A"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(400);
    expect(await res.json(), path).toEqual({ detail: expect.stringContaining("The address is not valid") });
  }
});
