import { z } from "zod";
import { CHANNELS } from "@/lib/delivery/notifications/channels";
import { RESEND_LIMIT } from "@/lib/delivery/notifications/resend-payment-link";
import { EXACTLY_ONE } from "@/lib/checkout/operations/read-operation-request";
import { jsonSchema } from "./json-schema";
import { errorExamples, EXAMPLE_SESSION_ID } from "./openapi-examples";
import { AUTH, errors, ref } from "./openapi-helpers";

// POST /b/pbl/v2/message-notification/: the payment link sent to the customer again. Answers with and without
// the trailing slash; other methods answer 405. The body is read by lib/delivery/notifications/read-resend-request.ts
// (not by zod), so tests feed these examples to it and parse real answers with the answer schema.

const CHECKOUT_URL = `https://pay.example.com/b/checkout/redirect/start/?session_id=${EXAMPLE_SESSION_ID}`;

export const resendRequestSchema = z
  .object({
    session_id: z.string().max(40).optional().meta({ description: `The transaction's session id. ${EXACTLY_ONE}`, example: EXAMPLE_SESSION_ID }),
    order_no: z
      .string()
      .max(128)
      .optional()
      .meta({ description: `The transaction's order number (the newest transaction with it). ${EXACTLY_ONE}`, example: "ORD-1001" }),
    channels: z.union([z.array(z.enum(CHANNELS)).min(1), z.string()]).meta({
      description:
        "`email` (to customer_email and every email_recipients address), `sms` and/or `whatsapp` (to customer_phone): a list, or one " +
        "comma-separated string (`email,sms`); any letter case, repeats count once. Sent whatever `notifications` lists.",
      example: ["email", "sms"],
    }),
  })
  .meta({ description: `Names one transaction and the channels. ${EXACTLY_ONE} Unknown keys are ignored.` });

export const resendAnswerSchema = z
  .object({
    detail: z.literal("The payment link was sent again."),
    session_id: z.string(),
    order_no: z.string().nullable(),
    channels: z.array(z.enum(CHANNELS)).meta({ description: "The channels it goes out on, each once." }),
    checkout_url: z.string().meta({ description: "The payment page the messages link to." }),
  })
  .strict();

const DESCRIPTION = `Sends the payment link again, when the customer lost it: the same message as the \`created\` notification (it carries \`checkout_url\`), on exactly the channels given, whatever \`notifications\` lists. Api-Key, or Basic with the \`update\` permission.

- Only a link the customer can still pay: state \`created\`, \`attempted\` or \`pending\` and \`expires_at\` not passed; otherwise 409.
- \`email\` needs the transaction's customer_email, \`sms\` and \`whatsapp\` its customer_phone (400 on \`channels\` otherwise).
- At most ${RESEND_LIMIT} resends per transaction in any rolling hour; then 429 with \`Retry-After\`.
- The 200 means the messages are queued: they are sent (and retried) like every notification. No webhook follows; nothing is recorded or sent on a 4xx.`;

const detail = (description: string, examples: Record<string, { summary: string; value: unknown }>, extra: string[] = []) => ({
  description,
  headers: Object.fromEntries(["X-Request-Id", ...extra].map((h) => [h, ref("headers", h)])),
  content: { "application/json": { schema: ref("schemas", "Detail"), examples } },
});

const example = (summary: string, value: unknown) => ({ summary, value });

export const resendRequests = {
  bySessionId: example("E-mail and SMS, by session id", { session_id: EXAMPLE_SESSION_ID, channels: ["email", "sms"] }),
  byOrderNo: example("SMS only, by order number", { order_no: "ORD-1001", channels: "sms" }),
};

const requestSchema = jsonSchema(resendRequestSchema, "input");

export const messageNotificationPaths = {
  "/b/pbl/v2/message-notification/": {
    post: {
      operationId: "resendPaymentLink",
      tags: ["Notifications"],
      summary: "Resend the payment link",
      description: DESCRIPTION,
      security: AUTH,
      requestBody: {
        required: true,
        content: {
          "application/json": { schema: requestSchema, examples: resendRequests },
          "application/x-www-form-urlencoded": {
            schema: requestSchema,
            examples: { form: example("E-mail and SMS in one field", { session_id: EXAMPLE_SESSION_ID, channels: "email,sms" }) },
          },
          "multipart/form-data": { schema: requestSchema },
        },
      },
      responses: {
        200: {
          description: "Recorded: the messages are on their way.",
          headers: { "X-Request-Id": ref("headers", "X-Request-Id"), "Cache-Control": ref("headers", "Cache-Control") },
          content: {
            "application/json": {
              schema: jsonSchema(resendAnswerSchema, "output"),
              examples: {
                sent: example("Sent again by e-mail and SMS", {
                  detail: "The payment link was sent again.",
                  session_id: EXAMPLE_SESSION_ID,
                  order_no: "ORD-1001",
                  channels: ["email", "sms"],
                  checkout_url: CHECKOUT_URL,
                }),
              },
            },
          },
        },
        400: {
          description: "Field errors (neither or both of session_id and order_no; channels missing, empty or unknown, or without the contact they need), or an unparsable body.",
          headers: { "X-Request-Id": ref("headers", "X-Request-Id") },
          content: {
            "application/json": {
              schema: { oneOf: [ref("schemas", "FieldErrors"), ref("schemas", "Detail")] },
              examples: {
                unknownChannel: example("An unknown channel", { channels: ['"fax" is not a valid choice: use email, sms or whatsapp.'] }),
                noEmail: example("E-mail asked, no customer_email", { channels: ["The transaction has no customer_email to send the e-mail to."] }),
                exactlyOne: example("Neither session_id nor order_no", { session_id: [EXACTLY_ONE] }),
                badJson: errorExamples.badJson,
              },
            },
          },
        },
        ...errors("Unauthorized"),
        403: detail("A Basic user without the update permission.", {
          forbidden: example("A Basic user without the update permission", { detail: "You do not have permission to update payment transactions." }),
        }),
        404: detail("No such transaction: unknown, deleted, or naming a gateway the Basic user may not use (the same answer).", {
          notFound: example("Unknown transaction", { detail: "No such transaction." }),
        }),
        409: detail("The link can no longer be paid: the transaction is paid, canceled, expired, … or past its expires_at.", {
          paid: example("Already paid", { detail: "The transaction is paid: its payment link can no longer be paid, so it is not sent again." }),
          expired: example("Past its expiration time", {
            detail: "The transaction expired at 2026-01-01T13:00:00.000Z: its payment link can no longer be paid, so it is not sent again.",
          }),
        }),
        429: detail(
          `Already sent again ${RESEND_LIMIT} times in the last hour; Retry-After says when the oldest of them leaves the window.`,
          {
            tooMany: example("The sixth within an hour", {
              detail: `The payment link was already sent again ${RESEND_LIMIT} times in the last hour. Try again in 1740 seconds.`,
            }),
          },
          ["Retry-After"],
        ),
        ...errors("PayloadTooLarge", "UnsupportedMediaType", "InternalError"),
      },
    },
  },
};
