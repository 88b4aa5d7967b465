import { z } from "zod";
import { listMessages as list } from "@/db/queries/messages";
import type { Ctx } from "@/lib/context";
import { parseInput } from "@/lib/validation/parse-input";

export const listMessagesInput = z.object({
  sessionId: z.string().trim().min(1).optional(),
  limit: z.number().int().min(1).max(1000).default(50),
});

/** E-mails and SMS newest first (their rendered text, state, provider and last error), optionally of one transaction. */
export async function listMessages({ ctx, input }: { ctx: Ctx; input: z.input<typeof listMessagesInput> }) {
  const data = parseInput(listMessagesInput, input);
  return list(ctx.db, { sessionId: data.sessionId, limit: data.limit });
}
