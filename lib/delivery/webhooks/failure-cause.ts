// A failed try's cause in words an administrator can act on. undici rejects with the system's error, or with one
// whose `cause` (sometimes an AggregateError of one error per address tried) carries the system's code.

const TLS_CODE = /^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$|ERR_OSSL_)/;
const TIMEOUT_CODE = /^(UND_ERR_(CONNECT|HEADERS|BODY)_TIMEOUT|ETIMEDOUT)$/;

interface SystemError {
  name?: string;
  code?: string;
  message?: string;
  cause?: unknown;
  errors?: unknown[];
}

/** The innermost error with a code (the first of an AggregateError), or the error itself. */
function rootCause(error: unknown): SystemError {
  let current = error as SystemError;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current.code && !current.errors) return current;
    const next = (current.errors?.[0] ?? current.cause) as SystemError | undefined;
    if (!next) return current;
    current = next;
  }
  return current ?? {};
}

/** Why a request to `url` failed, in words, from the error undici threw; `timeoutSeconds` is the whole try's limit. */
export function failureCause(error: unknown, url: string, timeoutSeconds: number): string {
  const host = URL.canParse(url) ? new URL(url).host : url;
  const outer = error as SystemError;
  if (outer?.name === "TimeoutError" || outer?.name === "AbortError") return `Timeout after ${timeoutSeconds} s: ${host} did not answer in time.`;
  const root = rootCause(error);
  const code = root.code ?? "";
  const detail = (root.message ?? String(error)).slice(0, 200);
  if (code === "ECONNREFUSED") return `Connection refused: nothing accepts connections at ${host}.`;
  if (code === "ENOTFOUND") return `DNS failure: ${new URL(url).hostname} does not resolve.`;
  if (code === "EAI_AGAIN") return `DNS failure: looking up ${new URL(url).hostname} failed for now (EAI_AGAIN).`;
  if (TLS_CODE.test(code)) return `TLS error: ${code} (${detail}).`;
  if (TIMEOUT_CODE.test(code)) return `Timeout after ${timeoutSeconds} s: ${host} did not answer in time (${code}).`;
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET" || code === "EPIPE") return `Connection closed by ${host} before it answered (${code}).`;
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH") return `Host unreachable: no route to ${host} (${code}).`;
  return code ? `${detail} (${code})`.slice(0, 300) : detail;
}

/** What a try came to, in words: delivered, the HTTP status of a refusal, or the cause of a failure. */
export function tryOutcome(t: { status_code: number | null; error: string | null }): string {
  if (t.status_code === null) return t.error ?? "No answer.";
  return t.status_code >= 200 && t.status_code < 300 ? `Delivered: HTTP status ${t.status_code}` : `HTTP status ${t.status_code}`;
}
