import { beforeAll, describe, expect, it, vi } from "vitest";

// No provider keys in this file, whatever the shell has: messages are recorded, not sent.
vi.hoisted(() => {
  for (const name of ["RESEND_API_KEY", "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM", "TWILIO_WHATSAPP_FROM"]) delete process.env[name];
});

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MessageFilters } from "@/components/admin/message-filters";
import { MessagesTable } from "@/components/admin/messages-table";
import { recordMessageError } from "@/db/queries/messages";
import { adminCaller, type UserCaller } from "@/lib/access/auth/admin-caller";
import type { Caller } from "@/lib/access/auth/permissions";
import { ValidationFailed } from "@/lib/core/errors";
import { listMessages } from "@/lib/delivery/notifications/list-messages";
import { sendMessage } from "@/lib/delivery/notifications/send-message";
import { createGateway, createUser } from "../support/factories";
import { planFor } from "../support/notification-flow";
import { newTransaction, setUpPayments } from "../support/payment-flow";
import { testContext } from "../support/test-context";

// The panel's message log: the CLI's list of e-mails and SMS, filtered by channel and state, by keyset pages,
// and to a user who is not a superuser only the messages about their gateways' transactions.

const ctx = testContext();
let apiKey: Caller;
let superuser: UserCaller;
let clerk: UserCaller; // gateway "card" only
const ids: Record<string, string[]> = {};

beforeAll(async () => {
  apiKey = await setUpPayments(ctx);
  await createGateway(ctx, { code: "other", currencies: ["KWD"] });
  superuser = adminCaller(await createUser(ctx, { isSuperuser: true }));
  clerk = adminCaller(await createUser(ctx, { gatewayCodes: ["card"] }));
  // A payment link by e-mail and SMS on each gateway; those of "card" recorded, the SMS of "other" failed.
  for (const code of ["card", "other"]) {
    const sessionId = await newTransaction(ctx, apiKey, {
      pg_codes: [code],
      customer_email: "sara@example.com",
      customer_phone: "96550000000",
      notifications: { email: ["created"], sms: ["created"] },
    });
    ids[code] = await planFor(ctx, sessionId);
  }
  for (const messageId of ids.card!) await sendMessage({ ctx, input: { messageId } });
  await recordMessageError(ctx.db, ids.other![1]!, "The number is not a mobile number.", true);
});

const log = (caller: Caller, input: Parameters<typeof listMessages>[0]["input"] = {}) =>
  listMessages({ ctx, input: { caller, ...input } }).then((rows) => rows.map((m) => m.id));

describe("the message log", () => {
  it("lists every message newest first, with the CLI's fields", async () => {
    expect(await log(superuser)).toEqual([...ids.other!].reverse().concat([...ids.card!].reverse()));
    const [sms] = await listMessages({ ctx, input: { caller: superuser, limit: 1 } });
    expect(sms).toMatchObject({ channel: "sms", recipient: "96550000000", state: "failed", error: "The number is not a mobile number." });
    expect(sms!.body).toEqual(expect.any(String));
  });

  it("filters by channel and by state", async () => {
    expect(await log(superuser, { channel: "email" })).toEqual([ids.other![0], ids.card![0]]);
    expect(await log(superuser, { state: "failed" })).toEqual([ids.other![1]]);
    expect(await log(superuser, { channel: "sms", state: "recorded" })).toEqual([ids.card![1]]);
    expect(await log(superuser, { state: "sent" })).toEqual([]);
  });

  it("comes by keyset pages", async () => {
    const all = await log(superuser);
    const first = await log(superuser, { limit: 3 });
    const rest = await log(superuser, { limit: 3, before: first.at(-1) });
    expect([...first, ...rest]).toEqual(all);
  });

  it("shows a user who is not a superuser only the messages about their gateways' transactions", async () => {
    expect(await log(clerk)).toEqual([...ids.card!].reverse());
    expect(await log(clerk, { state: "failed" })).toEqual([]);
  });

  it.each([
    [{ channel: "fax" }, { channel: ["Channel must be one of email, sms, whatsapp."] }],
    [{ state: "lost" }, { state: ["State must be one of pending, sent, recorded, failed."] }],
    [{ before: "1; DROP TABLE messages" }, { before: ["The page cursor must be a message id."] }],
  ])("refuses the filter %j with its field error", async (input, fields) => {
    const error = await listMessages({ ctx, input: { caller: superuser, ...(input as object) } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationFailed);
    expect((error as ValidationFailed).fields).toEqual(fields);
  });
});

describe("WhatsApp in the message log", () => {
  it("is listed under its channel, filtered by it, and the panel's table and filter name it", async () => {
    const sessionId = await newTransaction(ctx, apiKey, { pg_codes: ["card"], customer_phone: "96550000000", notifications: { whatsapp: ["created"] } });
    const [id] = await planFor(ctx, sessionId);
    await sendMessage({ ctx, input: { messageId: id! } });
    expect(await log(superuser, { channel: "whatsapp" })).toEqual([id]);
    expect(await log(clerk, { channel: "whatsapp" })).toEqual([id]);

    const rows = await listMessages({ ctx, input: { caller: superuser, limit: 2 } });
    const table = renderToStaticMarkup(createElement(MessagesTable, { messages: rows, caption: "Messages", withTransaction: false }));
    expect(table).toMatch(/<td[^>]*>WhatsApp<\/td>/);
    expect(table).toMatch(/<td[^>]*>SMS<\/td>/);
    const filters = renderToStaticMarkup(createElement(MessageFilters, { channel: "whatsapp", state: "" }));
    expect(filters).toContain('<option value="whatsapp" selected="">WhatsApp</option>');
  });
});
