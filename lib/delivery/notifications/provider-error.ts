import { env } from "@/lib/core/env";

/**
 * A provider refused or could not take a message. `permanent`: the request itself was rejected (an invalid
 * address or number) and trying again cannot help; otherwise (network, timeout, 429, 5xx, credentials) a later
 * try may succeed. The message text never holds a secret.
 */
export class ProviderError extends Error {
  constructor(
    readonly provider: "resend" | "twilio",
    detail: string,
    readonly permanent: boolean,
  ) {
    super(redactSecrets(`${provider}: ${detail}`).slice(0, 500));
    this.name = "ProviderError";
  }
}

/** HTTP statuses meaning "this request is wrong", not "try later". */
export const isPermanentStatus = (status: number | null | undefined) => status === 400 || status === 422;

/** Any configured secret that might appear in a provider's error text, replaced. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const secret of [env.RESEND_API_KEY, env.TWILIO_AUTH_TOKEN]) {
    if (secret && secret.length >= 4) out = out.split(secret).join("[redacted]");
  }
  return out;
}
