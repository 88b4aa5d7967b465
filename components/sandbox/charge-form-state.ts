import type { SandboxField } from "@/lib/checkout/i18n/sandbox-messages";

/**
 * What a refused card form gets back: the fields to correct, and what to show again (never the number or CVV).
 * A charged card's form gets where the browser goes next (the shop's return address), when the page's script
 * sent it (see app/(site)/sandbox/pay/[reference]/actions.ts).
 */
export interface ChargeFormState {
  errors: SandboxField[];
  values: { name: string; expiry: string; saveCard: boolean };
  next?: string;
}

export type ChargeAction = (previous: ChargeFormState, form: FormData) => Promise<ChargeFormState>;

export const EMPTY_CHARGE_FORM: ChargeFormState = { errors: [], values: { name: "", expiry: "", saveCard: false } };
