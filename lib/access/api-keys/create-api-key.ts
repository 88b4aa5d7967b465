import { z } from "zod";
import { insertApiKey } from "@/db/queries/api-keys";
import { generateApiKey } from "@/lib/access/auth/api-key-secret";
import type { Ctx } from "@/lib/core/context";
import { parseInput } from "@/lib/core/validation/parse-input";

export const createApiKeyInput = z.object({
  name: z.string().trim().min(1, "Name is required.").max(100, "Name may have at most 100 characters."),
  expiresAt: z.date().optional(),
});

/** Creates an API key. The private key is returned here once and stored only as a hash. */
export async function createApiKey({ ctx, input }: { ctx: Ctx; input: z.input<typeof createApiKeyInput> }) {
  const data = parseInput(createApiKeyInput, input);
  const { key, prefix, hash } = generateApiKey();
  const row = await insertApiKey(ctx.db, { name: data.name, prefix, keyHash: hash, expiresAt: data.expiresAt });
  return { ...row, key };
}
