import { normaliseOrigin } from "@/lib/access/api-keys/allowed-origins";
import { authenticatePublicKey } from "@/lib/access/auth/authenticate-public-key";
import type { Ctx } from "@/lib/core/context";
import { Conflict, DomainError, NotFound, Unauthorized } from "@/lib/core/errors";
import { FOREIGN_ORIGIN } from "@/lib/http/sdk-route";
import { loadSdkSetup } from "./load-sdk-setup";
import type { SdkSetup } from "./sdk-schemas";

const NO_ORIGIN = "The embedded checkout needs the embedding page's origin (origin=https://shop.example): load it with checkout.js.";

/**
 * What the embedded checkout's frame shows: the setup, for a live public key listing the embedding origin; or why
 * not. `origin` is the page that may frame the answer: the key's origin, or (for a refusal, which holds nothing but
 * its reason) the origin the page claims, so that its script learns why; null when that is no origin at all.
 */
export type SdkFrame =
  | { kind: "ready"; origin: string; setup: SdkSetup }
  | { kind: "refused"; origin: string | null; message: string; status: 401 | 403 | 404 | 409 };

const statusOf = (error: DomainError) =>
  error instanceof Unauthorized ? 401 : error instanceof NotFound ? 404 : error instanceof Conflict ? 409 : 403;

export async function openSdkFrame({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { publicKey: string; origin: string; sessionId: string };
}): Promise<SdkFrame> {
  const origin = input.origin && normaliseOrigin(input.origin) === input.origin ? input.origin : null;
  try {
    const caller = await authenticatePublicKey({ ctx, input: { authorization: `Api-Key ${input.publicKey}` } });
    if (origin === null) return { kind: "refused", origin, message: NO_ORIGIN, status: 403 };
    if (!caller.origins.includes(origin)) return { kind: "refused", origin, message: FOREIGN_ORIGIN, status: 403 };
    return { kind: "ready", origin, setup: await loadSdkSetup({ ctx, input: { sessionId: input.sessionId } }) };
  } catch (error) {
    // A dead or wrong key, an unknown, deleted, paid or expired transaction: its reason, nothing else.
    if (!(error instanceof DomainError)) throw error;
    return { kind: "refused", origin, message: error.message, status: statusOf(error) };
  }
}
