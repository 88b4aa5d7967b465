import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { brotliDecompressSync, createGunzip, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedEncoding } from "@/lib/http/accepted-encoding";
import { withCompression } from "@/lib/http/compress-response";
import { withServerTiming } from "@/lib/http/server-timing";

// The web server's compression (server/web-server.ts runs every request through withCompression, then
// withServerTiming). Each path below answers as a part of the app does: a page rendered at once (Next.js sends
// its head first, then the body), a page that streams, a large file piped with backpressure, small and
// incompressible answers.
const PAGE = `<!DOCTYPE html><html><body>${"<p>Pay KWD 10.500</p>".repeat(400)}</body></html>`;
const BIG = Buffer.from("0123456789abcdef".repeat(128 * 1024)); // 2 MB, past what is held

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const PATHS: Record<string, Handler> = {
  "/page": (_req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.flushHeaders();
    res.write(PAGE.slice(0, 1000));
    setImmediate(() => res.end(PAGE.slice(1000)));
  },
  "/streaming": (_req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.flushHeaders();
    res.write(`<p>shell</p>${" ".repeat(2000)}`);
    // The rest only when the client has seen the shell (it asks for it): a held stream would never finish.
    (res as unknown as { finishStream: () => void }).finishStream = () => res.end("<p>rest</p>");
  },
  "/file": (_req, res) => {
    res.writeHead(200, { "Content-Type": "application/javascript", "Content-Length": String(BIG.length) });
    Readable.from(chunks(BIG, 64 * 1024)).pipe(res);
  },
  "/small": (_req, res) => res.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}'),
  "/image": (_req, res) => res.writeHead(200, { "Content-Type": "image/png" }).end(BIG.subarray(0, 4096)),
  "/no-transform": (_req, res) => res.writeHead(200, { "Content-Type": "text/html", "Cache-Control": "no-transform" }).end(PAGE),
  "/not-modified": (_req, res) => res.writeHead(304, { "Content-Type": "text/html" }).end(),
  "/raw-headers": (_req, res) => res.writeHead(200, ["Content-Type", "text/html", "X-Raw", "1"]).end(PAGE),
};

function* chunks(buffer: Buffer, size: number) {
  for (let i = 0; i < buffer.length; i += size) yield buffer.subarray(i, i + size);
}

const open = new Set<http.ServerResponse>();
let base = "";
const server = http.createServer((req, res) => {
  withCompression(req, res);
  open.add(res);
  res.once("close", () => open.delete(res));
  withServerTiming(res, () => PATHS[req.url!]!(req, res));
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
}

function get(path: string, acceptEncoding?: string, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
    http
      .request(`${base}${path}`, { method, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, raw: Buffer.concat(parts) }));
      })
      .on("error", reject)
      .end();
  });
}

describe("the coding a client is answered in", () => {
  it("is brotli when taken, gzip when only that is, none when neither is or both are refused", () => {
    expect(acceptedEncoding("gzip, deflate, br")).toBe("br");
    expect(acceptedEncoding("gzip, deflate")).toBe("gzip");
    expect(acceptedEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(acceptedEncoding("br;q=0, gzip;q=0.1")).toBe("gzip");
    expect(acceptedEncoding("*")).toBe("br");
    expect(acceptedEncoding("*, br;q=0")).toBe("gzip");
    expect(acceptedEncoding("identity")).toBeNull();
    expect(acceptedEncoding("gzip;q=0, br;q=0")).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe("a compressed response", () => {
  it("holds a page that ends at once and sends it whole: brotli, its length, Vary and the Server-Timing", async () => {
    const answer = await get("/page", "gzip, deflate, br");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["vary"]).toBe("Accept-Encoding");
    expect(answer.headers["content-length"]).toBe(String(answer.raw.length));
    expect(answer.headers["server-timing"]).toMatch(/total;dur=/);
    expect(brotliDecompressSync(answer.raw).toString()).toBe(PAGE);
    expect(answer.raw.length).toBeLessThan(PAGE.length / 10);
  });

  it("is gzip for a client that takes only gzip, and the page as it is for one that takes neither", async () => {
    const gzip = await get("/page", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.raw).toString()).toBe(PAGE);
    const plain = await get("/page");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.raw.toString()).toBe(PAGE);
  });

  it("streams a page still rendering: its shell reaches the client before the page ends", async () => {
    const shell = new Promise<string>((resolve, reject) => {
      http
        .get(`${base}/streaming`, { headers: { "accept-encoding": "gzip" } }, (res) => {
          expect(res.headers["content-encoding"]).toBe("gzip");
          let text = "";
          const gunzip = res.pipe(createGunzip());
          gunzip.on("data", (part: Buffer) => {
            text += part.toString();
            // Only now may the server end it: the shell came through on its own.
            if (text.includes("shell")) for (const held of open) (held as unknown as { finishStream?: () => void }).finishStream?.();
          });
          gunzip.on("end", () => resolve(text));
          gunzip.on("error", reject);
        })
        .on("error", reject);
    });
    expect(await shell).toBe(`<p>shell</p>${" ".repeat(2000)}<p>rest</p>`);
  });

  it("pipes a file larger than it holds through zlib, with backpressure, to the same bytes", async () => {
    const answer = await get("/file", "gzip");
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["content-length"]).toBeUndefined();
    expect(gunzipSync(answer.raw).equals(BIG)).toBe(true);
  });
});

describe("a response sent as it is", () => {
  it.each([
    ["/small", "a body under 1 KB"],
    ["/image", "a type that does not compress"],
    ["/no-transform", "Cache-Control: no-transform"],
  ])("%s: %s", async (path) => {
    const answer = await get(path, "gzip, br");
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.raw.length).toBe(Number(answer.headers["content-length"]));
  });

  it("a head given as raw header pairs goes as given, and its body with it", async () => {
    const answer = await get("/raw-headers", "gzip, br");
    expect(answer.headers["x-raw"]).toBe("1");
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.raw.toString()).toBe(PAGE);
  });

  it("a 304 and an answer to HEAD have no body and no coding", async () => {
    const notModified = await get("/not-modified", "gzip, br");
    expect(notModified.status).toBe(304);
    expect(notModified.headers["content-encoding"]).toBeUndefined();
    const head = await get("/page", "gzip, br", "HEAD");
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.raw.length).toBe(0);
  });
});
