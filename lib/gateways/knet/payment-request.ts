import { encryptTrandata } from "./trandata-cipher";

/** What the bank gives a merchant for one KNET terminal. */
export interface KnetCredentials {
  tranportalId: string;
  password: string;
  resourceKey: string;
}

export const KNET_HOSTS = { test: "https://kpaytest.com.kw", production: "https://kpay.com.kw" } as const;

export interface KnetPaymentRequest {
  /** KWD with its 3 places, e.g. "10.500". */
  amount: string;
  trackId: string;
  language: string;
  responseUrl: string;
  errorUrl: string;
  /** udf1…udf5 in order; missing ones are sent empty. */
  udf: readonly (string | null)[];
}

// KNET refuses user-defined fields with punctuation, and `&` or `=` would break the pairs inside trandata:
// keep letters (any script), digits, spaces and a few safe marks.
const udfValue = (value: string | null | undefined) => (value ?? "").replace(/[^\p{L}\p{N} ._@-]/gu, "").slice(0, 255);

/** The `name=value&…` text KNET expects inside trandata, in the kits' order. */
export function knetRequestText(credentials: KnetCredentials, request: KnetPaymentRequest): string {
  const pairs: [string, string][] = [
    ["id", credentials.tranportalId],
    ["password", credentials.password],
    ["action", "1"],
    ["langid", request.language.toLowerCase().startsWith("ar") ? "AR" : "USA"],
    ["currencycode", "414"],
    ["amt", request.amount],
    ["responseURL", request.responseUrl],
    ["errorURL", request.errorUrl],
    ["trackid", request.trackId],
    ...[0, 1, 2, 3, 4].map((i): [string, string] => [`udf${i + 1}`, udfValue(request.udf[i])]),
  ];
  return pairs.map(([name, value]) => `${name}=${value}`).join("&");
}

/** Where to send the customer: KNET's payment page with the encrypted request. */
export function knetPaymentPageUrl(host: string, credentials: KnetCredentials, request: KnetPaymentRequest): string {
  const query = new URLSearchParams({
    param: "paymentInit",
    trandata: encryptTrandata(credentials.resourceKey, knetRequestText(credentials, request)),
    tranportalId: credentials.tranportalId,
    responseURL: request.responseUrl,
    errorURL: request.errorUrl,
  });
  return `${host}/kpg/PaymentHTTP.htm?${query}`;
}
