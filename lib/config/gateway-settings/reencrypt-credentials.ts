import { inTransaction } from "@/db/in-transaction";
import { lockSealedCredentials, storeSealedCredentials } from "@/db/queries/gateway-settings-admin";
import type { Ctx } from "@/lib/core/context";
import { credentialsKeyId, decryptCredentials, encryptCredentials } from "@/lib/core/crypto/credentials-cipher";
import { credentialsKeyring } from "@/lib/core/crypto/credentials-keyring";

/**
 * The second step of a key rotation: every gateway's credentials not yet under CREDENTIALS_KEY are decrypted
 * (with CREDENTIALS_KEY_PREVIOUS) and encrypted again with it, all in one transaction; one that cannot be read
 * leaves everything as it was. Afterwards CREDENTIALS_KEY_PREVIOUS can go.
 */
export async function reencryptCredentials({ ctx }: { ctx: Ctx }) {
  const keyring = credentialsKeyring();
  const current = keyring.current.id.toString("hex");
  return inTransaction(ctx.db, async (db) => {
    const rows = await lockSealedCredentials(db);
    const stale = rows.filter((row) => credentialsKeyId(row.credentials!) !== current);
    for (const row of stale) await storeSealedCredentials(db, row.id, encryptCredentials(decryptCredentials(row, keyring), keyring));
    return { reencrypted: stale.map((row) => row.code), keyId: current, total: rows.length };
  });
}
