"use server";

import { revalidatePath } from "next/cache";
import { type RetryFormState, retryDeliveriesForm } from "@/lib/admin/retry-deliveries-form";
import { signedInAdmin } from "@/lib/admin/signed-in-admin";
import { appContext } from "@/lib/context";

/** Retry one or the ticked failing deliveries: the signed-in user is read again here, whatever page sent it. */
export async function retryDeliveriesAction(_previous: RetryFormState, form: FormData): Promise<RetryFormState> {
  const caller = await signedInAdmin();
  const state = await retryDeliveriesForm({ ctx: appContext(), input: { caller, form } });
  revalidatePath("/admin/deliveries");
  return state;
}
