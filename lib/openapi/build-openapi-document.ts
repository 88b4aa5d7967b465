import { env } from "@/lib/core/env";
import { autoDebitPaths } from "./auto-debit-paths";
import { cardPaths } from "./card-paths";
import { legacyPaths } from "./legacy-paths";
import { linkPaths } from "./link-paths";
import { messageNotificationPaths } from "./message-notification-paths";
import { components } from "./openapi-components";
import { paths } from "./openapi-paths";
import { operationPaths } from "./operation-paths";
import { sdkPaths } from "./sdk-paths";

const DESCRIPTION = `Create, read and update payment transactions, then refund, capture, void, cancel or delete them; customers pay
on the hosted page behind \`checkout_url\`.

- **Authentication**: \`Authorization: Api-Key <private key>\` (every gateway code and operation of the merchant) or HTTP Basic
  with an admin-panel user (only that user's gateway codes and actions). Reading a transaction is public. A public key
  (\`pk_…\`) is accepted only by the Checkout SDK's endpoints, from a browser on one of its allowed origins.
- **Bodies**: JSON, \`application/x-www-form-urlencoded\` or \`multipart/form-data\` (a file part \`attachment\`; repeated
  fields form lists). Unknown keys are ignored; \`amount\` may be a string or a number.
- **Paths** answer with and without a trailing slash, never with a redirect (a short link, \`/b/{code}\`, is for people: it
  is one).
- **Payment links**: \`shortify_checkout_url\`, \`generate_qr_code\` and \`shortify_attachment_url\` on create, PATCH or PUT
  make \`checkout_short_url\`, \`qr_code_url\` and \`attachment_short_url\`; files can be uploaded ahead and attached
  by \`attachment_upload_url\`.
- **Money** is a string with exactly the currency's decimal places; timestamps are ISO 8601 UTC.
- **Errors**: 400 with field errors (\`{"amount": ["…"], "billing_address": {"country": ["…"]}}\`); everything else
  \`{"detail": "…"}\`. A 5xx names only a request id.
- **Idempotency-Key** on create, **Tracking-Key** (or Idempotency-Key) on operations: the same key and body within
  24 hours return the first response again; another body gives 409.
- **Operations** (\`/b/pbl/v2/operation/\`) refund, capture or void at the gateway, or cancel, expire or delete;
  **inquiry** (\`/b/pbl/v2/inquiry/\`) asks the gateway about what it has not answered yet. Both name the
  transaction by \`session_id\` or \`order_no\` (exactly one).
- **Checkout SDK** (\`/b/checkout/api/sdk/v1/…\`): the embedded checkout reads a transaction's setup and starts its payment
  from the merchant's page, with a public key; \`include_sdk_setup_preload: true\` on create returns the setup at once.
- **Legacy interface** (\`/pos/crt/\`, \`/pos/d/crt/\`): deprecated, kept for old shop plugins; it creates the same
  transactions.`;

/** The OpenAPI 3.1 document of the checkout API, its schemas generated from the zod schemas that validate requests. */
export function buildOpenApiDocument() {
  return {
    openapi: "3.1.0",
    info: { title: "Checkout API", version: "1.0.0", description: DESCRIPTION },
    servers: [{ url: env.APP_URL, description: "This installation" }],
    tags: [
      { name: "Payment transactions", description: "Create, read and update payment transactions." },
      { name: "Attachments", description: "Files attached to transactions: uploaded ahead, or sent with create and update." },
      { name: "Payment links", description: "Short links and QR codes of checkout pages and attachments (generate_qr_code, shortify_checkout_url, shortify_attachment_url)." },
      { name: "Operations", description: "Refund, capture, void, cancel, expire or delete a transaction; ask its gateway about it." },
      { name: "Notifications", description: "Send a transaction's payment link to the customer again." },
      { name: "Saved cards", description: "The gateways a transaction can use; customers' saved cards: listed, charged without the customer, removed." },
      { name: "Checkout SDK", description: "The embedded checkout's endpoints: a public key, from the merchant's allowed origins (CORS)." },
      { name: "Legacy interface", description: "Deprecated: the obsolete /pos/ interface of old shop plugins, over the same transactions." },
    ],
    paths: { ...paths, ...linkPaths, ...operationPaths, ...cardPaths, ...messageNotificationPaths, ...autoDebitPaths, ...sdkPaths, ...legacyPaths },
    components: components(),
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
