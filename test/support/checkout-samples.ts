import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { TransactionState } from "@/db/types";
import type { Ctx } from "@/lib/core/context";

// Bodies, files and checks shared by the checkout API tests.

/** The smallest valid create body (pg_codes, amount, currency_code) with any further fields. */
export const minimal = (extra: Record<string, unknown> = {}) => ({ pg_codes: ["card"], amount: "10", currency_code: "KWD", ...extra });

export const billingAddress = (extra: Record<string, unknown> = {}) => ({
  line1: "Block 1, Street 2, House 3",
  line2: "Floor 4",
  city: "Kuwait City",
  state: "Capital",
  country: "KW",
  postal_code: "13001",
  ...extra,
});

/** Real minimal files of the allowed kinds (their first bytes are what the service checks). */
export const files = {
  pdf: Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n", "latin1"),
  png: Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
  jpeg: Buffer.from("ffd8ffe000104a46494600010100000100010000ffd9", "hex"),
  doc: Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), Buffer.alloc(504)]),
  docx: Buffer.concat([Buffer.from("504b0304", "hex"), Buffer.alloc(26), Buffer.from("word/document.xml"), Buffer.alloc(32)]),
};

/** The type the service stores for each of `files`. */
export const fileTypes: Record<keyof typeof files, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; content: Buffer };

/**
 * A multipart/form-data body laid out the way python-httpx writes one: `--boundary`, a Content-Disposition
 * line (and Content-Type for files), a blank line, the value, CRLF; closed by `--boundary--` CRLF.
 */
export function multipart(parts: Part[], boundary = randomBytes(16).toString("hex")) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      "content" in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head), "content" in part ? part.content : Buffer.from(part.value, "utf8"), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Form fields as multipart parts, one a field. */
export const formFields = (values: Record<string, string>): Part[] => Object.entries(values).map(([name, value]) => ({ name, value }));

/** A multipart request of `parts` with the given Authorization. */
export function sendMultipart(base: string, method: string, path: string, authorization: string, parts: Part[]) {
  const form = multipart(parts);
  return call(base, method, path, { body: form.body, headers: { authorization, "content-type": form.contentType } });
}

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Any request, exactly as given (no default credentials or content type). */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: string | Buffer; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: options.headers,
    body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : new Uint8Array(options.body),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body };
}

/** Asserts a 400 whose field errors hold, at `path` (nested for billing_address), a message matching `pattern`. */
export function expectFieldError(res: { status: number; body: unknown }, path: string[], pattern: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  let node: unknown = res.body;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
  expect(Array.isArray(node), `no errors at ${path.join(".")} in ${JSON.stringify(res.body)}`).toBe(true);
  const messages = node as unknown[];
  expect(messages.length).toBeGreaterThan(0);
  for (const m of messages) expect(typeof m).toBe("string");
  expect(messages.some((m) => pattern.test(m as string)), `${JSON.stringify(messages)} ~ ${pattern}`).toBe(true);
}

/** Asserts a JSON object body of the `{"detail": "..."}` shape with the given status. */
export function expectDetail(res: { status: number; body: unknown }, status: number, pattern?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ detail: expect.any(String) });
  if (pattern) expect((res.body as { detail: string }).detail).toMatch(pattern);
}

export async function countRows(ctx: Ctx, table: "transactions" | "transaction_events" | "idempotency_keys" | "attachments") {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Moves a transaction to a state directly in the database (as a payment or the expiry job would). */
export function setState(ctx: Ctx, sessionId: string, state: TransactionState) {
  return ctx.db.updateTable("transactions").set({ state }).where("session_id", "=", sessionId).execute();
}

export const txnPath = (sessionId: string, slash = false) => `/b/checkout/v1/pymt-txn/${sessionId}${slash ? "/" : ""}`;
