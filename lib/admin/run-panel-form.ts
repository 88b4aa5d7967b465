import "server-only";
import { revalidatePath } from "next/cache";
import type { UserCaller } from "@/lib/auth/admin-caller";
import { appContext, type Ctx } from "@/lib/context";
import type { FieldErrors } from "@/lib/errors";
import { signedInAdmin } from "./signed-in-admin";

type FormVerb<S> = (args: { ctx: Ctx; input: { caller: UserCaller; form: FormData } }) => Promise<S>;

/**
 * A panel form's server action: the signed-in user is read from the database again (a disabled one goes to the
 * sign-in page, whatever their cookie), the form verb checks what they may do, and a change that went through
 * refreshes the screens under `section`.
 */
export async function runPanelForm<S extends { errors: FieldErrors }>(verb: FormVerb<S>, form: FormData, section: string): Promise<S> {
  const caller = await signedInAdmin();
  const state = await verb({ ctx: appContext(), input: { caller, form } });
  if (Object.keys(state.errors).length === 0) revalidatePath(section, "layout");
  return state;
}
