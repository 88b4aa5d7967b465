import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headWithBody } from "@/lib/http/head-with-body";

// lib/http/head-with-body.ts, as server/web-server.ts applies it to every response: a head flushed right before the
// first chunk (as Next.js does) goes out in the chunk's write, and a head flushed alone still goes out at once.
let base = "";
let server: http.Server;
const writes: Record<string, number> = {};
/** The response whose head was flushed alone: ended only once the client has its head. */
let waiting: http.ServerResponse | null = null;

/** Counts the socket's writes to the kernel for `name` (each is one system call). */
function countWrites(name: string, res: http.ServerResponse) {
  const socket = res.socket as unknown as { _writeGeneric: (...args: unknown[]) => unknown };
  const write = socket._writeGeneric;
  writes[name] = 0;
  socket._writeGeneric = function (this: unknown, ...args: unknown[]) {
    writes[name]!++;
    return write.apply(this, args);
  };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const [, mode, path] = req.url!.split("/");
    if (mode === "with") headWithBody(res);
    countWrites(`${mode}/${path}`, res);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.flushHeaders();
    if (path === "page") {
      res.write("<p>shell</p>");
      res.end("<p>rest</p>");
    } else {
      // The body comes only when the client has seen the head: a head held back for the body never comes.
      waiting = res;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** GET `path` on a fresh connection: its body and type; a response still waiting is ended once its head arrived. */
function get(path: string): Promise<{ body: string; type: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ body, type: res.headers["content-type"] }));
        waiting?.end("<p>late</p>");
        waiting = null;
      })
      .on("error", reject);
  });
}

describe("a response's head", () => {
  it("goes out with the body a page writes in the same tick: one write instead of two", async () => {
    const answered = await get("/with/page");
    expect(answered).toMatchObject({ body: "<p>shell</p><p>rest</p>", type: "text/html; charset=utf-8" });
    await get("/without/page");
    expect(writes).toMatchObject({ "with/page": 1, "without/page": 2 });
  });

  it("flushed with nothing written after it, still reaches the client at once", async () => {
    expect(await get("/with/late")).toEqual({ body: "<p>late</p>", type: "text/html; charset=utf-8" });
    expect(writes["with/late"]).toBe(2);
  });
});
