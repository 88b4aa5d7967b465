import type { Ctx } from "@/lib/core/context";
import { Unauthorized } from "@/lib/core/errors";
import { lookUpApiKey } from "./look-up-api-key";

const USAGE = "The SDK endpoints take 'Authorization: Api-Key <public key>' (pk_…), created with its allowed origins in the panel or the CLI.";

/**
 * The embedded checkout's caller: a public key and the merchant origins it may be used from. Deliberately not a
 * `Caller`: it can do nothing a Caller can (create, update, operations), only read a transaction's checkout data
 * and start its payment. In this single-merchant service a public key may embed any transaction, as the
 * merchant's private key may act on any (transaction-scope.ts narrows only Basic users, by gateway codes).
 */
export interface PublicKeyCaller {
  id: string;
  name: string;
  origins: readonly string[];
}

/** The public key in the Authorization header; anything else (none, Basic, a private key, a dead key): Unauthorized. */
export async function authenticatePublicKey({ ctx, input }: { ctx: Ctx; input: { authorization: string | null } }): Promise<PublicKeyCaller> {
  const header = input.authorization?.trim() ?? "";
  const match = /^api-key\s+(\S+)$/i.exec(header);
  if (!header) throw new Unauthorized(`Authentication credentials were not provided. ${USAGE}`);
  if (!match) throw new Unauthorized(`Malformed or unsupported Authorization header. ${USAGE}`);
  const row = await lookUpApiKey(ctx, match[1]!);
  // A private key sent from a browser is already exposed; it is refused all the same, never used.
  if (row.kind !== "public") throw new Unauthorized(`This is a private key: it must stay on your server. ${USAGE}`);
  return { id: row.id, name: row.name, origins: row.allowed_origins };
}
