"use server";

import { redirect } from "next/navigation";
import { runPanelForm } from "@/lib/panel/admin/run-panel-form";
import { type GatewayFormState, saveGatewayForm } from "@/lib/panel/admin/save-gateway-form";
import { type GatewayEnabledState, setGatewayEnabledForm } from "@/lib/panel/admin/set-gateway-enabled-form";

// The gateway screens' actions: each reads the signed-in user from the database again, whatever page sent it.

async function save(editing: string | undefined, form: FormData): Promise<GatewayFormState> {
  const state = await runPanelForm(saveGatewayForm, form, "/admin/gateways", { editing });
  if (!state.saved) return state;
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
  return runPanelForm(setGatewayEnabledForm, form, "/admin/gateways");
}
