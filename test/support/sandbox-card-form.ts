import { isRedirectError } from "next/dist/client/components/redirect-error";
import type { Ctx } from "@/lib/core/context";

// The sandbox card page's form as its server action receives it, and what the action answers.

/** The form data a card form posts. */
export const cardForm = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

/** The address a server action redirected to (Next throws a redirect error carrying it). */
export async function redirectOf(action: Promise<unknown>): Promise<string> {
  const error = await action.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isRedirectError(error)) throw new Error(`expected a redirect, got ${String(error)}`);
  return error.digest.split(";")[2]!;
}

/** The sandbox's own status of a payment (awaiting_card, approved, …). */
export const sandboxStatus = async (ctx: Ctx, reference: string) =>
  (await ctx.db.selectFrom("sandbox_payments").select("status").where("reference_number", "=", reference).executeTakeFirstOrThrow()).status;
