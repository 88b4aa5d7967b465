import net from "node:net";

// What python-httpx (as ottu-py uses it) puts on the wire, for tests that replay ottu-py's requests byte for
// byte on a raw socket. The same rules as test/checkout/checkout-ottu-py-requests.test.ts, shared here for new files.

/** What Python's json.dumps writes: default separators and ASCII escapes (httpx 0.23), or httpx 0.28's compact UTF-8. */
export function pythonJson(value: unknown, style: "httpx-0.23" | "httpx-0.28" = "httpx-0.23"): string {
  const [item, key] = style === "httpx-0.23" ? [", ", ": "] : [",", ":"];
  const str = (s: string) => {
    const json = JSON.stringify(s);
    return style === "httpx-0.23" ? json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`) : json;
  };
  const dump = (v: unknown): string => {
    if (v === null || v === undefined) return "null";
    if (typeof v === "string") return str(v);
    if (typeof v === "number" || typeof v === "boolean") return JSON.stringify(v);
    if (Array.isArray(v)) return `[${v.map(dump).join(item)}]`;
    return `{${Object.entries(v).map(([k, x]) => `${str(k)}${key}${dump(x)}`).join(item)}}`;
  };
  return dump(value);
}

/** ottu-py's remove_empty_values: keeps the keys whose value is truthy in Python. */
export const removeEmptyValues = (payload: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(payload).filter(
      ([, v]) =>
        !(v === null || v === undefined || v === false || v === 0 || v === "" || (Array.isArray(v) && v.length === 0) || (typeof v === "object" && Object.keys(v as object).length === 0)),
    ),
  );

/** httpx's query string: None becomes an empty value, booleans "true"/"false", the rest as str(). */
export function httpxQuery(params: Record<string, unknown>): string {
  const text = (v: unknown) => (v === null || v === undefined ? "" : v === true ? "true" : v === false ? "false" : String(v));
  return new URLSearchParams(Object.entries(params).map(([k, v]) => [k, text(v)])).toString();
}

export interface Wire {
  status: number;
  headers: Record<string, string>;
  /** The raw body text ("" when there is none). */
  text: string;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const NO_BODY = new Set([204, 304]);

/** Writes the exact request bytes on a socket and reads one HTTP/1.1 response (none, Content-Length or chunked body). */
export function sendRaw(base: string, request: Buffer): Promise<Wire> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let buffer = Buffer.alloc(0);
    socket.on("error", reject);
    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const [statusLine, ...lines] = buffer.subarray(0, end).toString("latin1").split("\r\n");
      const status = Number(statusLine!.split(" ")[1]);
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
      const rest = buffer.subarray(end + 4);
      let body: Buffer | null = null;
      if (NO_BODY.has(status)) body = Buffer.alloc(0);
      else if (headers["content-length"] !== undefined) {
        if (rest.length >= Number(headers["content-length"])) body = rest.subarray(0, Number(headers["content-length"]));
      } else if (headers["transfer-encoding"] === "chunked") {
        const parts: Buffer[] = [];
        let at = 0;
        for (;;) {
          const lineEnd = rest.indexOf("\r\n", at);
          if (lineEnd < 0) break;
          const size = parseInt(rest.subarray(at, lineEnd).toString(), 16);
          if (size === 0) {
            body = Buffer.concat(parts);
            break;
          }
          if (rest.length < lineEnd + 2 + size + 2) break;
          parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
          at = lineEnd + 2 + size + 2;
        }
      }
      if (body === null) return;
      socket.end();
      const text = body.toString("utf8");
      resolve({ status, headers, text, body: text ? JSON.parse(text) : null });
    });
  });
}

/**
 * An httpx request: its request line, default headers, then the body headers and Authorization in httpx's order.
 * httpx sends no Content-Length on a DELETE without a body.
 */
export function httpxRequest(
  base: string,
  method: string,
  path: string,
  authorization: string,
  body?: { bytes: Buffer; type: string },
  extra: string[][] = [],
) {
  const { host } = new URL(base);
  const headers = [
    ["Host", host],
    ["Accept", "*/*"],
    ["Accept-Encoding", "gzip, deflate"],
    ["Connection", "keep-alive"],
    ["User-Agent", "python-httpx/0.23.3"],
    ...extra,
    ...(body ? [["Content-Length", String(body.bytes.length)], ["Content-Type", body.type]] : []),
    ["Authorization", authorization],
  ];
  const head = `${method} ${path} HTTP/1.1\r\n${headers.map(([k, v]) => `${k}: ${v}`).join("\r\n")}\r\n\r\n`;
  return sendRaw(base, Buffer.concat([Buffer.from(head, "latin1"), body?.bytes ?? Buffer.alloc(0)]));
}

export const jsonBody = (payload: unknown, style?: "httpx-0.23" | "httpx-0.28") => ({
  bytes: Buffer.from(pythonJson(payload, style), "utf8"),
  type: "application/json",
});

/**
 * ottu-py's ResponseMixin.as_dict() for a response: success for 2xx, a 204 read as {}, the body under `response`
 * or `error`.
 */
export function ottuPyResult(wire: Wire, endpoint: string) {
  const parsed = wire.status === 204 ? {} : wire.body;
  const success = wire.status >= 200 && wire.status <= 299;
  return { success, status_code: wire.status, endpoint, response: success ? parsed : {}, error: success ? {} : parsed };
}
