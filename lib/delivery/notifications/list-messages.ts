import { z } from "zod";
import { listMessages as list } from "@/db/queries/messages";
import type { Caller } from "@/lib/access/auth/permissions";
import { visibleGatewayCodes } from "@/lib/access/auth/transaction-scope";
import type { Ctx } from "@/lib/core/context";
import { parseInput } from "@/lib/core/validation/parse-input";
import { CHANNELS } from "./channels";

export const MESSAGE_CHANNELS = CHANNELS;
export const MESSAGE_STATES = ["pending", "sent", "recorded", "failed"] as const;

export const listMessagesInput = z.object({
  sessionId: z.string().trim().min(1).optional(),
  channel: z.enum(MESSAGE_CHANNELS, { error: `Channel must be one of ${MESSAGE_CHANNELS.join(", ")}.` }).optional(),
  state: z.enum(MESSAGE_STATES, { error: `State must be one of ${MESSAGE_STATES.join(", ")}.` }).optional(),
  before: z.string().regex(/^\d{1,18}$/, "The page cursor must be a message id.").optional(),
  limit: z.number().int().min(1).max(1000).default(50),
});

/** As asked (a page's query, the CLI's options): checked here. */
export interface MessagesQuery {
  sessionId?: string;
  channel?: string;
  state?: string;
  before?: string;
  limit?: number;
  caller?: Caller;
}

/**
 * E-mails, SMS and WhatsApp messages newest first (their rendered text, state, provider and last error), optionally of one
 * transaction, of one channel or state, after a keyset cursor. A panel user (`caller`) who is not a superuser
 * sees only the messages about transactions of their gateways; the CLI passes no caller and sees all.
 */
export async function listMessages({ ctx, input }: { ctx: Ctx; input: MessagesQuery }) {
  const data = parseInput(listMessagesInput, input);
  return list(ctx.db, { ...data, gatewayCodes: input.caller ? visibleGatewayCodes(input.caller) : null });
}
