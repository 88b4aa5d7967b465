import { z } from "zod";
import { insertApiKey } from "@/db/queries/api-keys";
import { generateApiKey } from "@/lib/access/auth/api-key-secret";
import type { Ctx } from "@/lib/core/context";
import { parseInput } from "@/lib/core/validation/parse-input";
import { allowedOriginsSchema } from "./allowed-origins";

export const apiKeyName = z.string().trim().min(1, "Name is required.").max(100, "Name may have at most 100 characters.");
const expiresAt = z.date().optional();

/**
 * A private key (ck_…, the merchant's server: every endpoint but the SDK's) or a public key (pk_…, the embedded
 * checkout in the customer's browser: the SDK endpoints only, from the origins it lists).
 */
export const createApiKeyInput = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("private").default("private"), name: apiKeyName, expiresAt }),
  z.object({ kind: z.literal("public"), name: apiKeyName, expiresAt, origins: allowedOriginsSchema }),
], { error: "The kind of key is private or public." });

/** Creates an API key. The key is returned here once and stored only as a hash. */
export async function createApiKey({ ctx, input }: { ctx: Ctx; input: z.input<typeof createApiKeyInput> }) {
  const data = parseInput(createApiKeyInput, input);
  const { key, prefix, hash } = generateApiKey(data.kind);
  const allowedOrigins = data.kind === "public" ? data.origins : [];
  const row = await insertApiKey(ctx.db, { name: data.name, prefix, keyHash: hash, expiresAt: data.expiresAt, kind: data.kind, allowedOrigins });
  return { ...row, key };
}
