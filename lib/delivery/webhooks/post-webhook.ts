import { request } from "undici";
import { env } from "@/lib/core/env";
import { webhookAgent } from "./check-target-url";
import { failureCause } from "./failure-cause";
import { standardWebhookHeaders } from "./standard-webhook-headers";

/** How much of a receiver's answer is kept and shown: enough to read an error page, bounded in the table. */
export const ANSWER_BYTES = 2048;

export interface WebhookAnswer {
  /** The HTTP status, or null when no answer came. */
  status: number | null;
  /** The answer's first ANSWER_BYTES as text. */
  excerpt: string | null;
  /** Why no answer came, in words (failure-cause.ts). */
  error: string | null;
  durationMs: number;
  /** The headers sent, the signature masked (maskSignature). */
  sentHeaders: Record<string, string>;
}

/** `v1,` and the first 6 characters of each signature: enough to tell two keys apart, nothing to forge with. */
export function maskSignature(header: string): string {
  return header
    .split(" ")
    .map((entry) => `${entry.slice(0, 9)}…`)
    .join(" ");
}

/** Text of at most `max` UTF-8 bytes, cut at a character boundary; NULs (which PostgreSQL text refuses) replaced. */
export function boundedText(bytes: Uint8Array, max = ANSWER_BYTES): string {
  const encoded = Buffer.from(new TextDecoder().decode(bytes).replace(/\u0000/g, "\ufffd"), "utf8");
  let end = Math.min(max, encoded.length);
  while (end > 0 && end < encoded.length && (encoded[end]! & 0xc0) === 0x80) end--;
  return encoded.subarray(0, end).toString("utf8");
}

/** Reads no more of the answer than is kept: a receiver answering megabytes costs nothing. */
async function answerStart(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    // Leaving the loop early ends the answer's stream: the rest is never read.
    for await (const chunk of body) {
      chunks.push(chunk);
      size += chunk.length;
      if (size > ANSWER_BYTES) break;
    }
  } catch {
    // The answer broke off (or the try's time ran out) after its status: keep what came.
  }
  // One extra byte read past the limit lets boundedText cut at a character boundary.
  return boundedText(Buffer.concat(chunks).subarray(0, ANSWER_BYTES + 4));
}

/**
 * One signed POST of a webhook body: the Standard Webhooks headers for `keys`, through the agent that refuses
 * private addresses, within WEBHOOK_TIMEOUT_SECONDS. Never throws: a failure comes back as its cause in words.
 */
export async function postWebhook(input: { url: string; id: string; body: string; keys: string[] }): Promise<WebhookAnswer> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "checkout-webhooks/1",
    ...standardWebhookHeaders(input.keys, input.id, input.body),
  };
  const sentHeaders = { ...headers };
  if (sentHeaders["webhook-signature"]) sentHeaders["webhook-signature"] = maskSignature(sentHeaders["webhook-signature"]);
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    // undici's request() rather than fetch(): the same POST for about a third of the CPU (no WHATWG Request,
    // Response and streams around it), on every delivery. It follows no redirect, as a webhook must not.
    const res = await request(input.url, {
      method: "POST",
      dispatcher: webhookAgent,
      signal: AbortSignal.timeout(env.WEBHOOK_TIMEOUT_SECONDS * 1000),
      headers,
      body: input.body,
    });
    const excerpt = await answerStart(res.body);
    return { status: res.statusCode, excerpt, error: null, durationMs: took(), sentHeaders };
  } catch (e) {
    return { status: null, excerpt: null, error: failureCause(e, input.url, env.WEBHOOK_TIMEOUT_SECONDS), durationMs: took(), sentHeaders };
  }
}
