import type { UserCaller } from "@/lib/access/auth/admin-caller";
import type { Ctx } from "@/lib/core/context";
import { TooManyRequests, Unauthorized } from "@/lib/core/errors";
import { revealWebhookKey } from "@/lib/config/settings/reveal-webhook-key";

export interface RevealKeyFormState {
  /** The key: in this one answer only. */
  key: string | null;
  error: string | null;
}

/** The settings page's "Show key" form: the user's password again, then the key; a refusal comes back in words. */
export async function revealWebhookKeyForm({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { caller: UserCaller; form: FormData; ip: string };
}): Promise<RevealKeyFormState> {
  const password = String(input.form.get("password") ?? "");
  if (password === "") return { key: null, error: "Type your password to show the key." };
  try {
    const { key } = await revealWebhookKey({ ctx, input: { caller: input.caller, password, ip: input.ip } });
    return key ? { key, error: null } : { key: null, error: "No key is set: generate one below." };
  } catch (error) {
    if (error instanceof Unauthorized) return { key: null, error: "Wrong password: the key stays hidden." };
    if (error instanceof TooManyRequests) return { key: null, error: error.message };
    throw error;
  }
}
