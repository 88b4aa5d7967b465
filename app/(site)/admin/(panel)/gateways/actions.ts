"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { type GatewayFormState, saveGatewayForm } from "@/lib/admin/save-gateway-form";
import { type GatewayEnabledState, setGatewayEnabledForm } from "@/lib/admin/set-gateway-enabled-form";
import { signedInAdmin } from "@/lib/admin/signed-in-admin";
import { appContext } from "@/lib/context";

// The gateway screens' actions: the signed-in user is checked again here, whatever page sent them.

async function save(editing: string | undefined, form: FormData): Promise<GatewayFormState> {
  const caller = await signedInAdmin();
  const state = await saveGatewayForm({ ctx: appContext(), input: { caller, form, editing } });
  if (!state.saved) return state;
  revalidatePath("/admin/gateways", "layout");
  redirect(`/admin/gateways?saved=${encodeURIComponent(state.saved)}`);
}

export async function createGatewayAction(_previous: GatewayFormState, form: FormData): Promise<GatewayFormState> {
  return save(undefined, form);
}

/** Bound to the code being edited by its page. */
export async function updateGatewayAction(code: string, _previous: GatewayFormState, form: FormData): Promise<GatewayFormState> {
  return save(code, form);
}

export async function setGatewayEnabledAction(_previous: GatewayEnabledState, form: FormData): Promise<GatewayEnabledState> {
  const caller = await signedInAdmin();
  const state = await setGatewayEnabledForm({ ctx: appContext(), input: { caller, form } });
  if (state.done) revalidatePath("/admin/gateways");
  return state;
}
