// Examples for the OpenAPI document. Tests post the request examples to the API and parse the response
// examples with the representation schema, so none of them can drift from what the service does.

export const EXAMPLE_SESSION_ID = "4d4a1b2f0c9e8d7a6b5c4d3e2f1a0b9c8d7e6f5a";
const SESSION_ID = EXAMPLE_SESSION_ID;
/** The reference of the payment attempt in the examples (the operation examples' `trackid`). */
export const EXAMPLE_PAYMENT_REFERENCE = "CK9D2E4F6A8B0C1D3E";
const BASE = "https://pay.example.com";

export const smallestRequest = { pg_codes: ["sandbox"], amount: "86.000", currency_code: "KWD" };

const fullFields = {
  type: "e_commerce",
  amount: "86.000",
  currency_code: "KWD",
  pg_codes: ["sandbox"],
  order_no: "ORD-1001",
  customer_id: "cust-42",
  customer_first_name: "Sara",
  customer_last_name: "Ahmad",
  customer_email: "sara@example.com",
  customer_phone: "96550000000",
  customer_phone_2: "96560000000",
  customer_birthdate: "1990-04-21",
  billing_address: { line1: "Block 1, Street 2", city: "Kuwait City", state: "Capital", country: "KW", postal_code: "13001" },
  shipping_address: { line1: "Block 4, Street 9", city: "Salmiya", state: "Hawalli", country: "KW", postal_code: "22001" },
  notifications: { email: ["paid", "failed"], sms: ["paid"], whatsapp: ["created", "paid"] },
  webhook_url: "https://merchant.example/webhook",
  redirect_url: "https://merchant.example/done",
  vendor_name: "Main store",
  product_type: "goods",
  expiration_time: "1 00:00:00",
  language: "ar",
  email_recipients: ["ops@merchant.example"],
  extra: { cart_id: "c-9" },
  due_datetime: "2026-01-05T12:00:00Z",
  card_acceptance_criteria: { min_expiry_time: 30 },
  include_sdk_setup_preload: true,
};

// The link flags are requests, not fields: the representation shows the links they made instead.
export const fullRequest = { ...fullFields, generate_qr_code: true, shortify_checkout_url: true };

export const patchRequest = { amount: "90.000", customer_email: "sara@example.com", notifications: { email: ["paid"] } };

export const formRequest = "pg_codes=sandbox&amount=86.000&currency_code=KWD&billing_address%5Bcountry%5D=KW";

const created = {
  session_id: SESSION_ID,
  type: "e_commerce",
  mode: "payment",
  state: "created",
  operation: "purchase",
  amount: "86.000",
  currency_code: "KWD",
  pg_codes: ["sandbox"],
  checkout_url: `${BASE}/b/checkout/redirect/start/?session_id=${SESSION_ID}`,
  checkout_short_url: null as string | null,
  qr_code_url: null as string | null,
  payment_methods: [
    {
      code: "sandbox",
      name: "Sandbox card",
      pg: "sandbox",
      is_sandbox: true,
      type: "sandbox",
      icon: `${BASE}/icons/sandbox.svg`,
      flow: "redirect",
      payment_url: `${BASE}/b/checkout/redirect/pay/?session_id=${SESSION_ID}&code=sandbox`,
      redirect_url: null,
      amount: "86.000",
      currency_code: "KWD",
      fee: "0.000",
      fee_description: "No fee",
    },
  ],
  customer_id: null,
  customer_first_name: null,
  customer_last_name: null,
  customer_email: null,
  customer_phone: null,
  customer_phone_2: null,
  customer_birthdate: null,
  billing_address: null,
  shipping_address: null as Record<string, string> | null,
  order_no: null,
  notifications: { email: [], sms: [], whatsapp: [] },
  webhook_url: null,
  redirect_url: null,
  vendor_name: null,
  product_type: null,
  expiration_time: "01:00:00",
  expires_at: "2026-01-01T13:00:00.000Z",
  due_datetime: null as string | null,
  language: "en",
  email_recipients: [],
  extra: {},
  payment_type: "one_off",
  agreement: null as Record<string, unknown> | null,
  attachment: null as string | null,
  attachment_short_url: null as string | null,
  card_acceptance_criteria: null as { min_expiry_time: number } | null,
  include_sdk_setup_preload: false,
  paid_amount: "0.000",
  refunded_amount: "0.000",
  captured_amount: "0.000",
  voided_amount: "0.000",
  reference_number: null as string | null,
  settled_pg_code: null as string | null,
  attempts: [] as Record<string, unknown>[],
  created_at: "2026-01-01T12:00:00.000Z",
  updated_at: "2026-01-01T12:00:00.000Z",
};

const fullCreated = {
  ...created,
  ...fullFields,
  type: "e_commerce",
  checkout_short_url: `${BASE}/b/Xy7Kq2mB9aZc`,
  qr_code_url: `${BASE}/b/checkout/v1/qr/P4nR8sT2vW6y.png`,
  payment_methods: [{ ...created.payment_methods[0]!, redirect_url: fullRequest.redirect_url }],
  expires_at: "2026-01-02T12:00:00.000Z",
  due_datetime: "2026-01-05T12:00:00.000Z",
  attachment: `${BASE}/b/checkout/v1/attachments/0f1e2d3c4b5a69788796a5b4c3d2e1f0`,
};

/** The Checkout SDK's setup of the full example (its GET body; create's sdk_setup_preload_payload). */
export const sdkSetupExample = {
  session_id: SESSION_ID,
  type: "e_commerce",
  state: "created",
  operation: "purchase",
  payment_type: "one_off",
  amount: "86.000",
  currency_code: "KWD",
  decimals: 3,
  formatted_amount: "86.000 KWD",
  language: "ar",
  merchant: { name: "Demo Merchant", logo_url: null },
  customer_id: "cust-42",
  expires_at: fullCreated.expires_at,
  expires_in_seconds: 86_400,
  payment_methods: [
    {
      pg_code: "sandbox",
      name: "Sandbox card",
      icon: `${BASE}/icons/sandbox.svg`,
      is_sandbox: true,
      amount: "86.000",
      fee: "0.000",
      fee_description: "No fee",
      total: "86.000",
      flow: "frame",
      saves_cards: true,
    },
  ],
  cards: [] as Record<string, unknown>[],
};

export const representationExamples = {
  smallest: { summary: "Created from the smallest request", value: created },
  full: { summary: "The full request's transaction, with an attachment, a short link and a QR code", value: fullCreated },
  /** Create's answer to the full request, which asks for the SDK's setup (include_sdk_setup_preload). */
  fullCreated: {
    summary: "Created from the full request, with an attachment, a short link, a QR code and the SDK's setup",
    value: { ...fullCreated, sdk_setup_preload_payload: sdkSetupExample },
  },
  patched: {
    summary: "After the PATCH example",
    value: {
      ...created,
      amount: "90.000",
      payment_methods: [{ ...created.payment_methods[0]!, amount: "90.000" }],
      customer_email: "sara@example.com",
      notifications: { email: ["paid"], sms: [], whatsapp: [] },
      updated_at: "2026-01-01T12:05:00.000Z",
    },
  },
  inquired: {
    summary: "Paid with a card (reference_number: the paying attempt's), then refunded by an inquiry the gateway had left unanswered",
    value: {
      ...created,
      state: "refunded",
      order_no: "ORD-1007",
      paid_amount: "86.000",
      refunded_amount: "86.000",
      reference_number: EXAMPLE_PAYMENT_REFERENCE,
      settled_pg_code: "sandbox",
      attempts: [
        {
          reference_number: EXAMPLE_PAYMENT_REFERENCE,
          state: "success",
          gateway_code: "sandbox",
          amount: "86.000",
          is_duplicate: false,
          card: { brand: "Visa", last4: "0077" },
          message: null,
          created_at: "2026-01-01T12:01:00.000Z",
          completed_at: "2026-01-01T12:02:00.000Z",
        },
      ],
      updated_at: "2026-01-01T12:10:00.000Z",
    },
  },
};

export const errorExamples = {
  fields: {
    summary: "Field errors (nested for billing_address)",
    value: {
      amount: ["Ensure this value is greater than 0."],
      pg_codes: ["This field is required."],
      billing_address: { country: ["Enter an existing ISO 3166-1 alpha-2 country code, for example KW."] },
    },
  },
  badJson: { summary: "Unparseable body", value: { detail: "The body is not valid JSON." } },
  unauthorized: {
    summary: "No credentials",
    value: {
      detail:
        "Authentication credentials were not provided. Use 'Authorization: Api-Key <private key>' or 'Authorization: Basic <base64 of username:password>'.",
    },
  },
  forbidden: { summary: "Not allowed", value: { detail: "You do not have permission to create payment transactions." } },
  notFound: { summary: "Unknown session id", value: { detail: "Not found." } },
  methodNotAllowed: { summary: "Method not allowed", value: { detail: 'Method "DELETE" not allowed. Allowed: GET, PATCH, PUT.' } },
  conflict: { summary: "No longer changeable", value: { detail: "This transaction is paid; only created or attempted transactions can be changed." } },
  idempotencyConflict: { summary: "Idempotency-Key reused", value: { detail: "This Idempotency-Key was already used with a different request body." } },
  tooLarge: { summary: "Body too large", value: { detail: "The body is larger than the limit of 1 MiB." } },
  unsupported: {
    summary: "Unsupported media type",
    value: { detail: 'Unsupported media type "text/plain". Use application/json, application/x-www-form-urlencoded or multipart/form-data.' },
  },
  tooMany: { summary: "Too many failed logins", value: { detail: "Too many failed attempts. Try again in 900 seconds." } },
};
