import { request as send } from "undici";
import { GatewayUnavailable } from "@/lib/core/errors";
import type { KnetCredentials } from "./payment-request";

const TIMEOUT_MS = 15_000;

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const unescapeXml = (value: string) => value.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** The `<name>value</name>` fragments KNET's transaction service reads and answers with. */
export const toFragments = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join("");

export function fromFragments(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [, name, value] of text.matchAll(/<([A-Za-z_][\w]*)>([^<]*)<\/\1>/g)) fields[name!] = unescapeXml(value!);
  return fields;
}

/**
 * Asks KNET's transaction service (tranPipe.htm) about a payment by its track id: action 8 is an inquiry. Returns
 * the answer's fields (`result`… or `error_code_tag`/`error_text`). A service that does not answer, or answers
 * something else than fragments, is GatewayUnavailable (the message names the host, never a credential).
 */
export async function askKnet(
  host: string,
  credentials: KnetCredentials,
  request: { action: "8"; amount: string; trackId: string },
): Promise<Record<string, string>> {
  const body = toFragments({
    id: credentials.tranportalId,
    password: credentials.password,
    action: request.action,
    amt: request.amount,
    transid: request.trackId,
    trackid: request.trackId,
    // Tells KNET that `transid` is our track id, not its payment id.
    udf5: "TrackID",
  });
  let text: string;
  try {
    const response = await send(`${host}/kpg/tranPipe.htm?param=tranInit`, {
      method: "POST",
      headers: { "content-type": "application/xml" },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.statusCode < 200 || response.statusCode > 299) {
      await response.body.dump();
      throw new Error(`HTTP ${response.statusCode}`);
    }
    text = await response.body.text();
  } catch (error) {
    throw new GatewayUnavailable(`KNET's transaction service at ${host} did not answer (${(error as Error).message}).`);
  }
  const fields = fromFragments(text);
  if (!fields.result && !fields.error_code_tag && !fields.error_text) {
    throw new GatewayUnavailable(`KNET's transaction service at ${host} answered something that is not a transaction service answer.`);
  }
  return fields;
}
