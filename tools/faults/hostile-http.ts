import { connect } from "node:net";

/** What a hostile request got back; status 0 when no HTTP answer came (reset, or no answer within HANG_MS). */
export interface Answer {
  status: number;
  ms: number;
  text: string;
  contentType: string;
  location: string | null;
}

/** Longer than this without an answer is a hang. */
export const HANG_MS = 15_000;

/** Times a request and reads its answer; `send` must pass on the signal that ends it after HANG_MS. */
export async function answerOf(send: (signal: AbortSignal) => Promise<Response>): Promise<Answer> {
  const started = Date.now();
  try {
    const res = await send(AbortSignal.timeout(HANG_MS));
    const text = await res.text();
    return { status: res.status, ms: Date.now() - started, text, contentType: res.headers.get("content-type") ?? "", location: res.headers.get("location") };
  } catch (error) {
    const reason = (error as Error).name === "TimeoutError" ? "hang" : "no answer";
    return { status: 0, ms: Date.now() - started, text: reason, contentType: "", location: null };
  }
}

export const hit = (url: string, init: RequestInit = {}) => answerOf((signal) => fetch(url, { redirect: "manual", ...init, signal }));

/** A check of an answer: null when it is what the case expects, else what is wrong with it. */
export type Expectation = (answer: Answer) => string | null;

const detailOf = (answer: Answer): unknown => {
  try {
    return (JSON.parse(answer.text) as { detail?: unknown }).detail;
  } catch {
    return undefined;
  }
};

/** Any 4xx: for refusals made before our code runs (Node's header limit, Next.js's URL decoding). */
export const clientError: Expectation = (a) => (a.status >= 400 && a.status < 500 ? null : `expected a 4xx, got ${a.status || a.text}`);

/** A 4xx in the documented JSON shape ({"detail": "…"}), of one of `statuses` when given. */
export const jsonError =
  (...statuses: number[]): Expectation =>
  (a) => {
    const wrong = clientError(a);
    if (wrong) return wrong;
    if (statuses.length > 0 && !statuses.includes(a.status)) return `expected ${statuses.join(" or ")}, got ${a.status}`;
    return typeof detailOf(a) === "string" ? null : "no JSON {detail} in the answer";
  };

/** A genuine gateway message arriving late or again: acknowledged (2xx or the browser sent on), moving nothing. */
export const acknowledged: Expectation = (a) =>
  (a.status >= 200 && a.status < 300) || a.status === 303 ? null : `expected an acknowledgement (2xx or 303), got ${a.status || a.text}`;


/** An HTTP/1.1 answer read off a socket: its status and body (chunks joined), once complete; null before. */
function parseAnswer(text: string): { status: number; body: string; contentType: string } | null {
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const head = text.slice(0, end);
  let rest = text.slice(end + 4);
  const contentType = /content-type: ([^\r]*)/i.exec(head)?.[1] ?? "";
  const status = Number(head.slice(9, 12));
  const length = /content-length: (\d+)/i.exec(head)?.[1];
  if (length !== undefined) return rest.length >= Number(length) ? { status, body: rest.slice(0, Number(length)), contentType } : null;
  let body = "";
  for (;;) {
    const line = rest.indexOf("\r\n");
    if (line < 0) return null;
    const size = parseInt(rest.slice(0, line), 16);
    if (size === 0) return { status, body, contentType };
    if (rest.length < line + 2 + size) return null;
    body += rest.slice(line + 2, line + 2 + size);
    rest = rest.slice(line + 4 + size);
  }
}

/**
 * A POST of `bytes` zero bytes written to a bare socket, as fast as it takes them: the server's own answer to an
 * oversized body. (fetch reports no answer at all when the server answers before the upload ends and then closes.)
 */
export function rawPost(url: string, contentType: string, bytes: number): Promise<Answer> {
  const { hostname, port, pathname } = new URL(url);
  const started = Date.now();
  return new Promise((resolve) => {
    let text = "";
    const done = () => {
      socket.destroy();
      const answer = parseAnswer(text);
      resolve({ status: answer?.status ?? 0, ms: Date.now() - started, text: answer?.body ?? "no answer", contentType: answer?.contentType ?? "", location: null });
    };
    const socket = connect(Number(port), hostname, () => {
      socket.write(`POST ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: ${contentType}\r\nContent-Length: ${bytes}\r\n\r\n`);
      socket.end(Buffer.alloc(bytes));
    });
    socket.setTimeout(HANG_MS, done);
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
      if (parseAnswer(text)) done();
    });
    socket.on("error", done);
    socket.on("close", done);
  });
}
