import { request } from "undici";
import type { GatewaySetting } from "@/db/types";
import { env } from "@/lib/core/env";
import { GatewayUnavailable } from "@/lib/core/errors";
import { type MpgsCredentials, mpgsCredentials, mpgsMerchantUrl } from "./mpgs-setting";

export type MpgsBody = Record<string, unknown>;

/** MPGS's answer about the request itself (`result: "ERROR"`, cause INVALID_REQUEST): its explanation may be shown. */
export class MpgsRefusal extends Error {
  constructor(
    message: string,
    readonly body: MpgsBody,
  ) {
    super(message);
  }
}

const errorOf = (body: MpgsBody) => (body.error ?? {}) as { cause?: string; explanation?: string; field?: string };

/**
 * One REST call, Basic auth `merchant.<id>:<password>`, JSON both ways. Unreachable, refusing our credentials
 * (401, REQUEST_REJECTED) or failing on its side (SERVER_BUSY, SERVER_FAILED, 5xx) → GatewayUnavailable, naming the
 * setting and never the password; INVALID_REQUEST → MpgsRefusal; anything else is MPGS's answer, returned.
 */
export async function callMpgs(gateway: GatewaySetting, doing: string, method: "GET" | "PUT", path: string, body?: MpgsBody): Promise<MpgsBody> {
  const credentials = mpgsCredentials(gateway);
  const unavailable = (why: string, reason: string) => new GatewayUnavailable(`MPGS ${why} (gateway setting ${gateway.code}, ${doing}).`, reason);
  let status: number;
  let answer: MpgsBody;
  try {
    // undici's request() rather than fetch(): the same call for about a third of the CPU (webhooks measured it).
    const response = await request(`${mpgsMerchantUrl(credentials)}${path}`, {
      method,
      headers: { authorization: basicAuth(credentials), "content-type": "application/json", accept: "application/json" },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(env.GATEWAY_TIMEOUT_SECONDS * 1000),
    });
    status = response.statusCode;
    answer = (await response.body.json()) as MpgsBody;
  } catch (error) {
    throw unavailable(`could not be reached or answered something that is not JSON: ${(error as Error).message}`, unreachableReason(error));
  }
  const { cause, explanation } = errorOf(answer);
  if (status === 401 || cause === "REQUEST_REJECTED") {
    throw unavailable(`refused the merchant id or API password (${status}); check them in the panel`, "credentials refused");
  }
  if (status >= 500 || cause === "SERVER_BUSY" || cause === "SERVER_FAILED") throw unavailable(`answered ${status} ${cause ?? ""}`.trimEnd(), `HTTP ${status}`);
  if (answer.result === "ERROR") throw new MpgsRefusal(explanation ?? cause ?? `MPGS refused the request (${status}).`, answer);
  return answer;
}

/** Why a call got no answer, in a few words: timed out, refused, or lost on the way. */
function unreachableReason(error: unknown): string {
  if (error instanceof Error && error.name === "TimeoutError") return `timeout after ${env.GATEWAY_TIMEOUT_SECONDS} s`;
  if (error instanceof SyntaxError) return "answer not JSON";
  const code = (error as { code?: string }).code;
  return code === "ECONNREFUSED" ? "connection refused" : "unreachable";
}

const basicAuth = ({ merchantId, password }: MpgsCredentials) => `Basic ${Buffer.from(`merchant.${merchantId}:${password}`).toString("base64")}`;

/** A path segment of ours (order or transaction id), encoded. */
export const segment = (id: string) => encodeURIComponent(id);
