import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { type BrotliCompress, brotliCompressSync, constants, createBrotliCompress, createGzip, type Gzip, gzipSync } from "node:zlib";
import { acceptedEncoding, type Coding } from "./accepted-encoding";

// The web server's compression, in place of Next.js's (`compress: false` in next.config.mjs). Next.js's middleware
// deflates each chunk as it is written and flushes it: 2–3 ms of CPU for a 16–25 KB payment page, ten times the
// deflate itself. Here a response is held until it ends (a page or an answer that is ready at once, nearly every
// one) and compressed whole, in one call; one that is still going STREAM_AFTER_MS after its first byte (a page
// streaming behind Suspense) or grows past MAX_HELD_BYTES (a large file) streams through zlib from then on, each
// chunk flushed as it comes.

/** A smaller body goes as it is: the coding's own framing would eat what it saves. */
const MIN_BYTES = 1024;
const STREAM_AFTER_MS = 20;
const MAX_HELD_BYTES = 256 * 1024;
// Server-sent events are text but must reach the client event by event.
const COMPRESSIBLE = /^\s*(text\/(?!event-stream)|application\/(json|javascript|xml|[\w.-]+\+(json|xml))|image\/svg\+xml)/i;
// Quality 4: about 0.1 ms for a 16 KB page and smaller than gzip's default level (11, the most, takes 30 times as long).
const BROTLI_QUALITY = { [constants.BROTLI_PARAM_QUALITY]: 4 };

type Chunk = string | Uint8Array;
type Callback = (error?: Error | null) => void;

const compressOnce: Record<Coding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { ...BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzipSync(body),
};
const compressStream: Record<Coding, () => Gzip | BrotliCompress> = {
  br: () => createBrotliCompress({ params: BROTLI_QUALITY }),
  gzip: () => createGzip(),
};

/** A view of what the app wrote (no copy: a writer may not change a chunk once written). */
const toBuffer = (chunk: Chunk, encoding?: BufferEncoding) =>
  typeof chunk === "string" ? Buffer.from(chunk, encoding) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/** Whether this response, whose body is `length` bytes (undefined: not known yet), is worth compressing. */
function compressible(res: ServerResponse, length: number | undefined): boolean {
  const declared = res.getHeader("content-length");
  const bytes = length ?? (declared === undefined ? undefined : Number(declared));
  return (
    res.statusCode >= 200 &&
    res.statusCode !== 204 &&
    res.statusCode !== 304 &&
    !res.hasHeader("content-encoding") &&
    COMPRESSIBLE.test(String(res.getHeader("content-type") ?? "")) &&
    !/\bno-transform\b/i.test(String(res.getHeader("cache-control") ?? "")) &&
    (bytes === undefined || bytes >= MIN_BYTES)
  );
}

/** Says that the answer depends on Accept-Encoding, for caches between us and the client. */
function varyOnEncoding(res: ServerResponse): void {
  const vary = String(res.getHeader("vary") ?? "");
  if (vary === "*" || /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) return;
  res.setHeader("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}

/** Compresses `res`, the answer to `req`, in `req`'s best accepted coding (the web server calls it first). */
export function withCompression(req: IncomingMessage, res: ServerResponse): void {
  const coding = acceptedEncoding(req.headers["accept-encoding"]);
  if (coding === null || req.method === "HEAD") return;
  const write = res.write.bind(res) as (chunk: Chunk, callback?: Callback) => boolean;
  const end = res.end.bind(res) as (chunk?: Chunk, callback?: () => void) => ServerResponse;
  const writeHead = res.writeHead;
  let state: "hold" | "pass" | "stream" | "sent" = "hold";
  let held: Buffer[] = [];
  let heldBytes = 0;
  let timer: NodeJS.Timeout | null = null;
  let zlib: Gzip | BrotliCompress | null = null;
  let ended = false;

  /** Whether to compress a body of `length` bytes (undefined: still coming), with the headers that go with it. */
  const decide = (length: number | undefined) => {
    const compressing = compressible(res, length);
    if (COMPRESSIBLE.test(String(res.getHeader("content-type") ?? ""))) varyOnEncoding(res);
    if (compressing) res.setHeader("Content-Encoding", coding);
    // Streamed, the compressed length is not known: chunked. (Removing the header also stops Node adding one.)
    if (compressing && length === undefined) res.removeHeader("content-length");
    return compressing;
  };
  const release = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const chunks = held;
    held = [];
    heldBytes = 0;
    return chunks;
  };
  /** From now on the body streams: through zlib when compressing, as it comes otherwise. */
  const beginStreaming = () => {
    if (state !== "hold" || ended) return;
    const chunks = release();
    if (!decide(undefined)) {
      state = "pass";
      for (const chunk of chunks) write(chunk);
      return;
    }
    state = "stream";
    zlib = compressStream[coding]();
    zlib.on("data", (data: Buffer) => {
      if (!write(data)) zlib!.pause();
    });
    res.on("drain", () => zlib?.resume());
    // The app's writes wait on the response's drain; zlib's own buffer is what fills first.
    zlib.on("drain", () => res.emit("drain"));
    zlib.on("error", (error: Error) => res.destroy(error));
    for (const chunk of chunks) zlib.write(chunk);
    zlib.flush();
  };

  // While the body is held, so is the head: an app's writeHead only sets the status and headers, and Node stores
  // the head with the first byte that leaves (the body's length known by then, when it ended).
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (state !== "hold" || this.headersSent) return writeHead.apply(this, args);
    // Raw header pairs (an array) are sent as given, uncompressed.
    if (args.some(Array.isArray)) {
      state = "pass";
      writeHead.apply(this, args);
      for (const chunk of release()) write(chunk);
      return this;
    }
    this.statusCode = args[0];
    if (typeof args[1] === "string") this.statusMessage = args[1];
    const headers = args.find((arg): arg is OutgoingHttpHeaders => typeof arg === "object" && arg !== null && !Array.isArray(arg));
    for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) this.setHeader(name, value);
    return this;
  } as ServerResponse["writeHead"];
  // Next.js sends the head before the body's first chunk; held here, it goes with the body.
  const flushHeaders = res.flushHeaders.bind(res);
  res.flushHeaders = () => {
    if (state !== "hold") flushHeaders();
  };
  res.write = function (chunk: Chunk, encoding?: BufferEncoding | Callback, callback?: Callback) {
    const done = typeof encoding === "function" ? encoding : callback;
    const buffer = toBuffer(chunk, typeof encoding === "string" ? encoding : undefined);
    if (state === "pass" || state === "sent") return write(buffer, done);
    if (state === "stream") {
      const more = zlib!.write(buffer, done);
      zlib!.flush();
      return more;
    }
    held.push(buffer);
    heldBytes += buffer.length;
    if (done) process.nextTick(done);
    if (heldBytes > MAX_HELD_BYTES) beginStreaming();
    else timer ??= setTimeout(beginStreaming, STREAM_AFTER_MS);
    return true;
  } as ServerResponse["write"];
  res.end = function (chunk?: Chunk | (() => void), encoding?: BufferEncoding | (() => void), callback?: () => void) {
    const done = [chunk, encoding, callback].find((arg): arg is () => void => typeof arg === "function");
    const last = typeof chunk === "function" || chunk === undefined || chunk === null ? null : toBuffer(chunk, typeof encoding === "string" ? encoding : undefined);
    if (ended) return res;
    ended = true;
    if (state === "pass") return end(last ?? undefined, done);
    if (state === "stream") {
      zlib!.once("end", () => end(undefined, done));
      zlib!.end(last ?? undefined);
      return res;
    }
    const body = Buffer.concat([...release(), ...(last ? [last] : [])]);
    const compress = decide(body.length);
    state = "sent";
    const sent = compress ? compressOnce[coding](body) : body;
    if (compress && !res.headersSent) res.setHeader("Content-Length", sent.length);
    return end(sent, done);
  } as ServerResponse["end"];
  res.once("close", () => {
    release();
    zlib?.destroy();
  });
}
