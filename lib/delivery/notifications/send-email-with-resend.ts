import type { Resend } from "resend";
import { env } from "@/lib/core/env";
import { messageHtml } from "./message-html";
import { isPermanentStatus, ProviderError } from "./provider-error";

const TIMEOUT_MS = 15_000;

let client: Resend | undefined;

/** The Resend client; RESEND_BASE_URL points it elsewhere (a stand-in in tests), otherwise the SDK's default. */
async function resend(): Promise<Resend> {
  if (!client) {
    const { Resend } = await import("resend");
    client = new Resend(env.RESEND_API_KEY, env.RESEND_BASE_URL ? { baseUrl: env.RESEND_BASE_URL.replace(/\/+$/, "") } : undefined);
  }
  return client;
}

/**
 * Sends one e-mail through Resend (plain text and the same text as simple HTML) and returns Resend's id.
 * `idempotencyKey` makes a repeated request (a retry after a lost answer) send nothing new.
 */
export async function sendEmailWithResend(email: {
  to: string;
  subject: string;
  text: string;
  idempotencyKey: string;
}): Promise<string> {
  const sdk = await resend();
  const { data, error } = await sdk.emails.send(
    { from: env.EMAIL_FROM, to: [email.to], subject: email.subject, text: email.text, html: messageHtml(email.subject, email.text) },
    { idempotencyKey: email.idempotencyKey, signal: AbortSignal.timeout(TIMEOUT_MS) },
  );
  if (error || !data?.id) {
    const status = error?.statusCode ?? null;
    throw new ProviderError("resend", `${status ?? "no response"} ${error?.name ?? "error"}: ${error?.message ?? "no id returned"}`, isPermanentStatus(status));
  }
  return data.id;
}
