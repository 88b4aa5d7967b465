import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { requireAction } from "@/lib/access/auth/permissions";
import { recordAudit } from "@/lib/access/audit/record-audit";
import { UPLOAD_MAX_BYTES } from "@/lib/checkout/attachments/upload-attachment";
import { createTransaction } from "@/lib/checkout/transactions/create-transaction";
import type { Ctx } from "@/lib/core/context";
import { Conflict, type FieldErrors, ValidationFailed } from "@/lib/core/errors";
import { CHANNELS } from "@/lib/delivery/notifications/channels";
import { flattenFieldErrors } from "@/lib/panel/admin/flatten-field-errors";

/** The form's text fields, named as the API's create fields (their errors come back under the same names). */
export const LINK_TEXT_FIELDS = [
  "amount",
  "currency_code",
  "customer_first_name",
  "customer_last_name",
  "customer_email",
  "customer_phone",
  "product_type",
  "order_no",
  "expiration_time",
  "language",
] as const;

type TextField = (typeof LINK_TEXT_FIELDS)[number];

/** What was typed, kept when the form comes back with errors (never the file: browsers do not let a page set one). */
export type LinkFormValues = Record<TextField, string> & { pg_codes: string[]; send: string[]; idempotency_key: string };

export interface LinkFormState {
  values: LinkFormValues;
  /** Under their fields (`send` for the channels, `attachment` for the file); `non_field_errors` above the form. */
  errors: FieldErrors;
  /** The session id of the transaction created. */
  created: string | null;
}

const FORM_FIELDS = new Set<string>([...LINK_TEXT_FIELDS, "pg_codes", "attachment", "send"]);

// The create verb speaks of the API's notifications; the form of sending the link now.
const CONTACT_NEEDED: Record<string, [string, string]> = {
  customer_email: ["notifications.email", "Enter the customer's e-mail address to send the link by e-mail."],
  customer_phone: ["notifications.", "Enter the customer's phone number to send the link by SMS or WhatsApp."],
};

export function readLinkFormValues(form: FormData): LinkFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const list = (name: string) => form.getAll(name).filter((v): v is string => typeof v === "string" && v.trim() !== "");
  return {
    ...(Object.fromEntries(LINK_TEXT_FIELDS.map((name) => [name, text(name)])) as Record<TextField, string>),
    pg_codes: list("pg_codes"),
    send: list("send"),
    idempotency_key: text("idempotency_key"),
  };
}

/**
 * The create request the form stands for: a payment request with the short link and the QR code always made (and
 * the attachment's short link when a file is attached); sending now is the Created message on each chosen channel.
 */
function createFields(values: LinkFormValues, hasFile: boolean): Record<string, unknown> {
  return {
    ...Object.fromEntries(LINK_TEXT_FIELDS.map((name) => [name, values[name]])),
    type: "payment_request",
    pg_codes: values.pg_codes,
    notifications: Object.fromEntries(values.send.map((channel) => [channel, ["created"]])),
    generate_qr_code: true,
    shortify_checkout_url: true,
    shortify_attachment_url: hasFile,
  };
}

/** The verb's field errors under the form's fields; what belongs to none goes above the form. */
function formErrors(fields: FieldErrors, values: LinkFormValues): FieldErrors {
  const errors: FieldErrors = {};
  const other: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (key === "notifications") errors.send = flattenFieldErrors({ send: value });
    else if (FORM_FIELDS.has(key) && Array.isArray(value)) errors[key] = value;
    else other.push(...flattenFieldErrors({ [key]: value }));
  }
  for (const [field, [about, message]] of Object.entries(CONTACT_NEEDED)) {
    const messages = errors[field];
    if (Array.isArray(messages) && messages.some((m) => m.includes(about)) && values[field as TextField] === "") errors[field] = [message];
  }
  if (other.length > 0) errors.non_field_errors = other;
  return errors;
}

const UNKNOWN_CHANNEL = (channels: string[]) => `Unknown way to send: ${channels.join(", ")}. Choose from ${CHANNELS.join(", ")}.`;
const USED_KEY = "This form was already sent with other values, and made a payment link then. Open “New payment link” again for another.";

/**
 * The panel's "New payment link": a `payment_request` transaction created by the signed-in user (its initiator,
 * `created_by_user_id`) through the API's own create verb, with their gateways and permissions, then written to
 * the audit log. The form's one-time key is the create's idempotency key, so a form sent twice (a double click
 * without scripts, a reload) makes one link. A file over the upload limit or of another type, a bad amount or
 * currency, a gateway the user may not use: field errors in place, with what was typed, and nothing created or sent.
 */
export async function createLinkForm({ ctx, input }: { ctx: Ctx; input: { caller: UserCaller; form: FormData } }): Promise<LinkFormState> {
  requireAction(input.caller, "create");
  const values = readLinkFormValues(input.form);
  const refused = (errors: FieldErrors): LinkFormState => ({ values, errors, created: null });
  const unknown = values.send.filter((c) => !(CHANNELS as readonly string[]).includes(c));
  if (unknown.length > 0) return refused({ send: [UNKNOWN_CHANNEL(unknown)] });

  const file = input.form.get("attachment");
  // An empty file input still sends a part, without bytes.
  const attachment = file instanceof File && file.size > 0 ? file : null;
  try {
    const { body, replayed } = await createTransaction({
      ctx,
      input: {
        caller: input.caller,
        fields: createFields(values, attachment !== null),
        files: attachment ? { attachment } : {},
        idempotencyKey: values.idempotency_key ? `panel-link:${values.idempotency_key}` : undefined,
        attachmentMaxBytes: UPLOAD_MAX_BYTES,
      },
    });
    const sessionId = String(body.session_id);
    if (!replayed) {
      await recordAudit(ctx.db, input.caller, {
        action: "transaction.create_link",
        entity: "transaction",
        entityId: sessionId,
        after: { amount: body.amount, currency_code: body.currency_code, pg_codes: body.pg_codes, sent_by: values.send },
      });
    }
    return { values, errors: {}, created: sessionId };
  } catch (error) {
    if (error instanceof ValidationFailed) return refused(formErrors(error.fields, values));
    if (error instanceof Conflict) return refused({ non_field_errors: [USED_KEY] });
    throw error;
  }
}
