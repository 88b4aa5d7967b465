import type { TransactionRow } from "@/db/queries/transactions";
import type { Ctx } from "@/lib/core/context";
import { planMessages } from "@/lib/delivery/notifications/plan-messages";

// Transactions, their events and the messages planned for them, for the notification tests.

export const txnRow = (ctx: Ctx, sessionId: string): Promise<TransactionRow> =>
  ctx.db.selectFrom("transactions").selectAll().where("session_id", "=", sessionId).executeTakeFirstOrThrow();

/** The transaction's newest event. */
export const lastEvent = (ctx: Ctx, sessionId: string) =>
  ctx.db.selectFrom("transaction_events").selectAll().where("session_id", "=", sessionId).orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();

/** An event written directly, for moves whose flows are not built yet (expiry, operations) or rare races. */
export function addEvent(
  ctx: Ctx,
  sessionId: string,
  event: { kind: string; from?: string | null; to: string | null; data?: Record<string, unknown> },
) {
  return ctx.db
    .insertInto("transaction_events")
    .values({
      session_id: sessionId,
      kind: event.kind,
      from_state: event.from ?? null,
      to_state: event.to,
      cause: "test",
      data: JSON.stringify(event.data ?? {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Plans the messages of an event (the newest by default) as the job dispatcher would. */
export async function planFor(ctx: Ctx, sessionId: string, event?: Awaited<ReturnType<typeof lastEvent>>) {
  const e = event ?? (await lastEvent(ctx, sessionId));
  return planMessages(ctx.db, e, await txnRow(ctx, sessionId));
}

export const messagesOf = (ctx: Ctx, sessionId: string) =>
  ctx.db.selectFrom("messages").selectAll().where("session_id", "=", sessionId).orderBy("id").execute();
