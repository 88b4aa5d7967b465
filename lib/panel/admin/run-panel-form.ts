import "server-only";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { appContext, type Ctx } from "@/lib/core/context";
import { Forbidden } from "@/lib/core/errors";
import { signedInAdmin } from "./signed-in-admin";

/** A form state that came back refused: field errors, or one error for the whole form. */
const refused = (state: unknown) => {
  const { errors, error } = state as { errors?: object; error?: unknown };
  return Boolean(error) || Object.keys(errors ?? {}).length > 0;
};

type FormVerb<S, X> = (args: { ctx: Ctx; input: { caller: UserCaller; form: FormData } & X }) => Promise<S>;

/**
 * A panel form's server action: the signed-in user is read from the database again (a disabled one goes to the
 * sign-in page, whatever their cookie), the form verb checks what they may do — a refusal (an action posted by
 * someone not allowed to, e.g. from an old tab) lands on the not-allowed page rather than an error — and, when the
 * change went through, the screens under `section` are rendered afresh. `extra`: what the page bound to the action (e.g. the record edited).
 */
export async function runPanelForm<S, X extends object = object>(verb: FormVerb<S, X>, form: FormData, section: string, extra?: X): Promise<S> {
  const caller = await signedInAdmin();
  let state: S;
  try {
    state = await verb({ ctx: appContext(), input: { caller, form, ...(extra as X) } });
  } catch (error) {
    if (error instanceof Forbidden) redirect("/admin/not-allowed");
    throw error;
  }
  if (!refused(state)) revalidatePath(section, "layout");
  return state;
}
