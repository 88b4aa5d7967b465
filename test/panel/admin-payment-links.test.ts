import { isRedirectError } from "next/dist/client/components/redirect-error";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createLinkAction } from "@/app/(site)/admin/(panel)/payment-links/new/actions";
import { sendLinkAgainAction } from "@/app/(site)/admin/(panel)/payment-links/[sessionId]/actions";
import { adminCaller, type UserCaller } from "@/lib/access/auth/admin-caller";
import type { Action } from "@/lib/access/auth/permissions";
import { UPLOAD_MAX_BYTES } from "@/lib/checkout/attachments/upload-attachment";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { Forbidden, NotFound } from "@/lib/core/errors";
import { panelSections } from "@/lib/panel/admin/panel-sections";
import { loadTransactionDetail } from "@/lib/panel/admin/load-transaction-detail";
import { createLinkForm, type LinkFormState } from "@/lib/panel/payment-links/create-link-form";
import { loadNewLinkForm } from "@/lib/panel/payment-links/load-new-link-form";
import { loadPaymentLink } from "@/lib/panel/payment-links/load-payment-link";
import { NOT_SENT, sendLinkAgainForm } from "@/lib/panel/payment-links/send-link-again-form";
import { createCurrency, createGateway, createUser } from "../support/factories";
import { messagesOf, planFor } from "../support/notification-flow";
import { formData } from "../support/panel-forms";
import { refusal } from "../support/refusal";
import { testContext } from "../support/test-context";

// The panel's "New payment link" and "Send again" (the server actions' rules, and the actions themselves with a
// session cookie): a payment request created through the API's create verb as the signed-in user, on their
// gateways, with its short link and QR code; bad input answered under its field with what was typed, nothing
// created or sent; the link sent again through the API's resend verb; both in the audit log.

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("next-auth", async (original) => (await import("../support/panel-session")).signedInAs(original, session));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const ctx = testContext();
const PDF = Buffer.from("%PDF-1.4\n% an invoice\n");
let superuser: UserCaller;
let clerk: UserCaller; // gateways card (sandbox) and live (production); may create and update
let creator: UserCaller; // gateway card; may create only
let viewer: UserCaller; // gateway card; may refund only

const userWith = async (input: { isSuperuser?: boolean; gatewayCodes?: string[]; permissions?: Action[] }) => adminCaller(await createUser(ctx, input));

beforeAll(async () => {
  await createGateway(ctx, { code: "card", currencies: ["KWD", "USD"], isSandbox: true });
  await createGateway(ctx, { code: "live", currencies: ["KWD"], isSandbox: false });
  await createGateway(ctx, { code: "other", currencies: ["KWD"], isSandbox: true });
  await createCurrency(ctx, { code: "USD", decimals: 2 });
  superuser = await userWith({ isSuperuser: true });
  clerk = await userWith({ gatewayCodes: ["card", "live"], permissions: ["create", "update"] });
  creator = await userWith({ gatewayCodes: ["card"], permissions: ["create"] });
  viewer = await userWith({ gatewayCodes: ["card"], permissions: ["refund"] });
});

beforeEach(() => {
  session.userId = null;
});

/** The form as the browser posts it: an empty file input still sends a nameless, empty part. */
function linkForm(fields: Record<string, string | string[]>, file?: File): FormData {
  const form = formData({ currency_code: "KWD", expiration_time: "01:00:00", language: "en", ...fields });
  form.append("attachment", file ?? new File([], "", { type: "application/octet-stream" }));
  return form;
}

const create = (caller: UserCaller, fields: Record<string, string | string[]>, file?: File) =>
  createLinkForm({ ctx, input: { caller, form: linkForm(fields, file) } });
const txn = (sessionId: string) => ctx.db.selectFrom("transactions").selectAll().where("session_id", "=", sessionId).executeTakeFirstOrThrow();
const codesOf = (sessionId: string) => ctx.db.selectFrom("link_codes").select(["kind"]).where("session_id", "=", sessionId).orderBy("kind").execute();
const counts = async () => ({
  transactions: (await ctx.db.selectFrom("transactions").select(ctx.db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n,
  attachments: (await ctx.db.selectFrom("attachments").select(ctx.db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n,
  links: (await ctx.db.selectFrom("link_codes").select(ctx.db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n,
  audit: (await ctx.db.selectFrom("audit_log").select(ctx.db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n,
  messages: (await ctx.db.selectFrom("messages").select(ctx.db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n,
});
const redirectTarget = (error: Error): string => (isRedirectError(error) ? error.digest.split(";")[2]! : `not a redirect: ${error.message}`);
const EMPTY: LinkFormState = { values: {} as LinkFormState["values"], errors: {}, created: null };

describe("the New payment link form", () => {
  it("offers the user's enabled gateways, ticks a currency's production ones (the sandbox ones only when none), and the settings' expiry", async () => {
    await updateSettings({ ctx, input: { defaultExpiration: "2 00:00:00" } });
    const form = await loadNewLinkForm({ ctx, input: { caller: clerk } });
    expect(form.gateways.map((g) => g.code)).toEqual(["card", "live"]);
    expect(form.currencies.map((c) => [c.code, c.decimals])).toEqual([["KWD", 3], ["USD", 2]]);
    expect(form.preselected).toEqual({ KWD: ["live"], USD: ["card"] });
    expect(form.currency).toBe("KWD");
    expect((await loadNewLinkForm({ ctx, input: { caller: clerk, currency: "usd" } })).currency).toBe("USD");
    expect(form.defaultExpiration).toBe("2 00:00:00");
    expect(form.channels).toEqual(["email", "sms", "whatsapp"]);
    expect((await loadNewLinkForm({ ctx, input: { caller: superuser } })).gateways.map((g) => g.code)).toEqual(["card", "live", "other"]);
    await expect(loadNewLinkForm({ ctx, input: { caller: viewer } })).rejects.toBeInstanceOf(Forbidden);
    await updateSettings({ ctx, input: { defaultExpiration: "01:00:00" } });
  });

  it("creates a payment request from the minimal form (amount; currency and gateways as preselected) with its short link and QR code", async () => {
    const state = await create(clerk, { amount: "12.5", pg_codes: ["live"] });
    expect(state.errors).toEqual({});
    const row = await txn(state.created!);
    expect(Number(row.amount)).toBe(12.5);
    expect(row).toMatchObject({
      type: "payment_request",
      interface: "checkout",
      currency_code: "KWD",
      pg_codes: ["live"],
      created_by_user_id: clerk.id,
      notifications: { email: [], sms: [], whatsapp: [] },
      expiration_seconds: 3600,
    });
    expect(await codesOf(state.created!)).toEqual([{ kind: "checkout" }, { kind: "qr" }]);
    const audit = await ctx.db.selectFrom("audit_log").selectAll().where("entity_id", "=", state.created!).execute();
    expect(audit).toEqual([expect.objectContaining({ action: "transaction.create_link", actor: clerk.username })]);
  });

  it("takes every field, the attachment (with its short link), and sends the link now by e-mail and SMS, saying what it is for", async () => {
    const state = await create(
      clerk,
      {
        amount: "30",
        pg_codes: ["live"],
        customer_first_name: "Sara",
        customer_last_name: "Ahmad",
        customer_email: "sara@example.com",
        customer_phone: "+96550000000",
        product_type: "Annual membership",
        order_no: "INV-PANEL-1",
        expiration_time: "7 00:00:00",
        language: "ar",
        send: ["email", "sms"],
      },
      new File([new Uint8Array(PDF)], "invoice.pdf", { type: "application/pdf" }),
    );
    expect(state.errors).toEqual({});
    expect(await txn(state.created!)).toMatchObject({
      customer_first_name: "Sara",
      customer_email: "sara@example.com",
      customer_phone: "+96550000000",
      product_type: "Annual membership",
      order_no: "INV-PANEL-1",
      expiration_seconds: 7 * 86_400,
      language: "ar",
      notifications: { email: ["created"], sms: ["created"], whatsapp: [] },
      attachment_id: expect.any(String),
    });
    expect(await codesOf(state.created!)).toEqual([{ kind: "attachment" }, { kind: "checkout" }, { kind: "qr" }]);
    // The created event's messages, as its job plans them: the link, and what it is for.
    await planFor(ctx, state.created!);
    const messages = await messagesOf(ctx, state.created!);
    expect(messages.map((m) => [m.channel, m.recipient])).toEqual([
      ["email", "sara@example.com"],
      ["sms", "+96550000000"],
    ]);
    expect(messages[0]!.body).toContain("مقابل: Annual membership");
  });

  it("answers bad input under its field with what was typed, creating and sending nothing", async () => {
    const before = await counts();
    const typed = { amount: "12.3456", customer_email: "sara@example.com", product_type: "Tickets", send: ["email"] };
    const bad = await create(clerk, { ...typed, pg_codes: ["other"] });
    expect(bad.created).toBeNull();
    expect(bad.errors).toEqual({
      amount: ["Ensure that there are no more than 3 decimal places for KWD."],
      pg_codes: ["Unknown gateway code or not allowed for you: other."],
    });
    expect(bad.values).toMatchObject({ ...typed, pg_codes: ["other"], currency_code: "KWD" });

    expect((await create(clerk, { amount: "-1", currency_code: "XYZ", pg_codes: ["card"] })).errors).toEqual({
      amount: [expect.stringMatching(/greater than 0/)],
      currency_code: ["XYZ is not a configured currency. Allowed: KWD, USD."],
    });
    expect((await create(clerk, { amount: "ten", currency_code: "KW", pg_codes: [] })).errors).toEqual({
      amount: [expect.any(String)],
      currency_code: ["Enter a 3-letter ISO 4217 currency code, for example KWD."],
      pg_codes: ["Give at least one gateway code."],
    });
    // Sending needs the contact; sandbox and production are never mixed.
    expect((await create(clerk, { amount: "5", pg_codes: ["card", "live"], send: ["email", "whatsapp"] })).errors).toEqual({
      customer_email: ["Enter the customer's e-mail address to send the link by e-mail."],
      customer_phone: ["Enter the customer's phone number to send the link by SMS or WhatsApp."],
      pg_codes: [expect.stringMatching(/cannot be mixed/)],
    });
    expect((await create(clerk, { amount: "5", pg_codes: ["card"], send: ["fax"] })).errors).toEqual({
      send: ["Unknown way to send: fax. Choose from email, sms, whatsapp."],
    });

    // A file over the panel's limit, or of another type, with the other errors at once.
    const big = new Uint8Array(UPLOAD_MAX_BYTES + 1);
    big.set(PDF);
    expect((await create(clerk, { amount: "1.0001", pg_codes: ["card"] }, new File([big], "big.pdf"))).errors).toEqual({
      amount: [expect.any(String)],
      attachment: ["The attachment is larger than 2.5 MiB."],
    });
    expect((await create(clerk, { amount: "5", pg_codes: ["card"] }, new File(["plain text"], "notes.txt"))).errors).toEqual({
      attachment: ["The attachment's content is not an allowed type. Allowed: pdf, jpeg, png, doc, docx."],
    });
    expect(await counts()).toEqual(before);
  });

  it("makes one link of a form sent twice (its one-time key), and refuses the key with other values", async () => {
    const fields = { amount: "8", pg_codes: ["card"], idempotency_key: "7d9f5d8e-0000-4000-8000-000000000001" };
    const first = await create(creator, fields);
    const again = await create(creator, fields);
    expect(again).toMatchObject({ errors: {}, created: first.created });
    expect(await ctx.db.selectFrom("audit_log").select("id").where("entity_id", "=", first.created!).execute()).toHaveLength(1);
    const other = await create(creator, { ...fields, amount: "9" });
    expect(other.created).toBeNull();
    expect(other.errors).toEqual({ non_field_errors: [expect.stringMatching(/already sent with other values/)] });
  });

  it("refuses a user who may not create, creating nothing", async () => {
    const before = await counts();
    await expect(create(viewer, { amount: "5", pg_codes: ["card"] })).rejects.toBeInstanceOf(Forbidden);
    expect(await counts()).toEqual(before);
  });
});

describe("the payment link's screen and Send again", () => {
  it("shows the link, the short link and the QR code's PNG and SVG; a transaction of another gateway is not found", async () => {
    const { created } = await create(clerk, { amount: "4", pg_codes: ["live"], customer_email: "omar@example.com" });
    const { link } = await loadPaymentLink({ ctx, input: { caller: clerk, sessionId: created! } });
    const qr = (await codesOf(created!)).length;
    expect(qr).toBe(2);
    expect(link).toMatchObject({
      checkoutUrl: `http://localhost:9/b/checkout/redirect/start/?session_id=${created}`,
      shortUrl: expect.stringMatching(/^http:\/\/localhost:9\/b\/[0-9A-Za-z]+$/),
      qr: { png: expect.stringMatching(/^\/b\/checkout\/v1\/qr\/[0-9A-Za-z]+\.png$/), svg: expect.stringMatching(/\.svg$/) },
      unpayable: null,
      mayResend: true,
    });
    expect(link.channels).toEqual([
      { channel: "email", contact: "omar@example.com" },
      { channel: "sms", contact: null },
      { channel: "whatsapp", contact: null },
    ]);
    // The transaction's page shows the same.
    expect((await loadTransactionDetail({ ctx, input: { caller: clerk, sessionId: created! } })).link).toEqual(link);
    await expect(loadPaymentLink({ ctx, input: { caller: creator, sessionId: created! } })).rejects.toBeInstanceOf(NotFound);
  });

  it("sends the link again on the channels ticked, through the resend verb, and audits it; refuses what it cannot send", async () => {
    const { created } = await create(clerk, { amount: "4", pg_codes: ["live"], customer_email: "omar@example.com" });
    const send = (caller: UserCaller, channels: string[]) =>
      sendLinkAgainForm({ ctx, input: { caller, form: formData({ session_id: created!, channels }) } });

    expect(await send(clerk, [])).toEqual({ sent: null, error: "Tick at least one way to send the link." });
    expect(await send(clerk, ["sms"])).toEqual({ sent: null, error: "The transaction has no customer_phone to send the SMS to." });
    expect(await send(clerk, ["email"])).toEqual({ sent: "Sent again by E-mail.", error: null });
    await planFor(ctx, created!);
    expect((await messagesOf(ctx, created!)).map((m) => [m.channel, m.recipient])).toEqual([["email", "omar@example.com"]]);
    expect(await ctx.db.selectFrom("audit_log").select("action").where("entity_id", "=", created!).orderBy("id").execute()).toEqual([
      { action: "transaction.create_link" },
      { action: "transaction.resend_link" },
    ]);
    // Another's transaction is not found; without the update permission the verb refuses.
    expect(await send({ ...creator, permissions: ["create", "update"] }, ["email"])).toMatchObject({ sent: null, error: "No such transaction." });
    await expect(send({ ...clerk, permissions: ["create"] }, ["email"])).rejects.toBeInstanceOf(Forbidden);

    await ctx.db.updateTable("transactions").set({ expires_at: new Date(Date.now() - 1000) }).where("session_id", "=", created!).execute();
    expect((await send(clerk, ["email"])).error).toMatch(/can no longer be paid/);
    expect((await loadPaymentLink({ ctx, input: { caller: clerk, sessionId: created! } })).link.unpayable).toBe("its time to pay is up");
  });
});

describe("the actions, as the browser reaches them", () => {
  it("goes to the new link's screen, sends a user who may not create to the not-allowed page, and answers errors in place", async () => {
    session.userId = clerk.id;
    const made = redirectTarget(await refusal(createLinkAction(EMPTY, linkForm({ amount: "3", pg_codes: ["live"] }))));
    expect(made).toMatch(/^\/admin\/payment-links\/[0-9a-f]{40}$/);
    expect((await createLinkAction(EMPTY, linkForm({ amount: "", pg_codes: ["live"] }))).errors).toEqual({ amount: ["This field is required."] });

    const sessionId = made.split("/").at(-1)!;
    expect(await sendLinkAgainAction(NOT_SENT, formData({ session_id: sessionId, channels: [] }))).toEqual({
      sent: null,
      error: "Tick at least one way to send the link.",
    });

    session.userId = viewer.id;
    expect(redirectTarget(await refusal(createLinkAction(EMPTY, linkForm({ amount: "3", pg_codes: ["card"] }))))).toBe("/admin/not-allowed");
    session.userId = null;
    expect(redirectTarget(await refusal(createLinkAction(EMPTY, linkForm({ amount: "3", pg_codes: ["card"] }))))).toBe("/admin/login");
  });

  it("the page: the not-allowed answer to a user who may not create; the form, its required fields marked, to one who may", async () => {
    const Page = (await import("@/app/(site)/admin/(panel)/payment-links/new/page")).default;
    const render = async (currency?: string) => renderToStaticMarkup(await Page({ searchParams: Promise.resolve({ currency }) }));
    session.userId = viewer.id;
    expect(await render()).toContain("Only users who may create transactions may create payment links.");
    session.userId = clerk.id;
    const html = await render("USD");
    const tag = (pattern: string) => html.match(new RegExp(`<(input|select)[^>]*${pattern}[^>]*>`))?.[0] ?? "";
    expect(tag('name="currency_code"')).toContain('required=""');
    expect(tag('name="amount"')).toContain('required=""');
    expect(tag('value="card"')).toContain('checked=""');
    expect(tag('value="live"')).not.toContain("checked");
  });

  it("is in the panel's navigation for users who may create", () => {
    const hrefs = (caller: UserCaller) => panelSections(caller).map((s) => s.href);
    expect(hrefs(creator)).toContain("/admin/payment-links/new");
    expect(hrefs(viewer)).not.toContain("/admin/payment-links/new");
  });
});
