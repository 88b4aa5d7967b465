import type { FinalResult, Outcome } from "@/lib/gateways/adapter";
import { decryptTrandata } from "./trandata-cipher";

/** What KNET posted to the response URL, read. `verified` only when it came inside a trandata this key opens. */
export type KnetResponse =
  | { verified: true; trackId: string; result: FinalResult }
  | { verified: false; trackId: string | null; result: FinalResult };

const FIELDS = ["result", "paymentid", "trackid", "tranid", "ref", "auth", "postdate", "amt", "avr", "authRespCode"];
const UDFS = ["udf1", "udf2", "udf3", "udf4", "udf5"];
const READABLE = /^[^\p{Cc}\uFFFD]*$/u;

function outcomeOf(result: string): Exclude<Outcome, "pending"> {
  if (result === "CAPTURED") return "success";
  if (result === "CANCELED") return "canceled";
  return "declined";
}

const finalResult = (outcome: FinalResult["outcome"], message: string | null, gatewayResponse: Record<string, unknown>): FinalResult => ({
  outcome,
  message,
  gatewayResponse,
  card: null,
  savedCardToken: null,
});

/**
 * Our result for KNET's fields about a processed payment (a decrypted trandata, or the transaction service's
 * answer, which names the payment id `payid`): `result` decides, every other result word is its message.
 */
export function knetResult(fields: Record<string, string>): FinalResult {
  const gatewayResponse: Record<string, unknown> = {};
  for (const name of [...FIELDS, ...UDFS]) gatewayResponse[name] = fields[name] ?? null;
  gatewayResponse.paymentid = fields.paymentid ?? fields.payid ?? null;
  gatewayResponse.responsecode = fields.authRespCode ?? null;
  const outcome = outcomeOf(fields.result ?? "");
  return finalResult(outcome, outcome === "success" ? null : (fields.result ?? null), gatewayResponse);
}

/**
 * Reads KNET's post to the response URL. A processed payment comes as encrypted `trandata`; only what decrypts
 * with the resource key is trusted. A failure before processing comes as clear `Error`/`ErrorText`, which anyone
 * could send: it is returned unverified, for the caller to confirm by inquiry.
 */
export function readKnetResponse(resourceKey: string, params: Record<string, string>): KnetResponse | null {
  if (params.trandata) {
    const plain = decryptTrandata(resourceKey, params.trandata);
    // CBC has no integrity check of its own: altered ciphertext often still unpads, but into garbled bytes. Only
    // readable text with KNET's numeric payment id counts as written by the key's holder.
    if (plain === null || !READABLE.test(plain)) return null;
    const fields = Object.fromEntries(new URLSearchParams(plain));
    if (!fields.result || !fields.trackid || !/^\d+$/.test(fields.paymentid ?? "")) return null;
    return { verified: true, trackId: fields.trackid, result: knetResult(fields) };
  }
  if (params.Error || params.ErrorText) {
    const message = params.ErrorText || params.Error!;
    return {
      verified: false,
      trackId: params.trackid || null,
      result: finalResult("error", message, {
        result: "ERROR",
        Error: params.Error ?? null,
        ErrorText: params.ErrorText ?? null,
        paymentid: params.paymentid ?? null,
        trackid: params.trackid ?? null,
      }),
    };
  }
  return null;
}
