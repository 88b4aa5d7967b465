import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

// Hand-kept table types; they mirror db/migrations. numeric columns arrive as strings (exact money).
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Numeric = ColumnType<string, string | number, string | number>;
type DefaultNumeric = ColumnType<string, string | number | undefined, string | number>;
type Json<T = unknown> = ColumnType<T, T | string, T | string>;
type DefaultJson<T = unknown> = ColumnType<T, T | string | undefined, T | string>;
type TextArray = ColumnType<string[], string[] | undefined, string[]>;

export type TransactionState =
  | "created"
  | "pending"
  | "attempted"
  | "authorized"
  | "paid"
  | "failed"
  | "canceled"
  | "expired"
  | "voided"
  | "refunded"
  | "captured"
  | "error";

export type GatewayOperation = "purchase" | "authorize";

export interface Address {
  line1: string;
  line2?: string;
  city: string;
  state: string;
  country: string;
  postal_code: string;
}

export type PaymentType = "one_off" | "save_card" | "auto_debit";

/** The terms under which a merchant may charge a saved card without the customer (see lib/checkout/transactions/agreement-schema.ts). */
export interface Agreement {
  id: string;
  type: "recurring" | "unscheduled" | "event_based" | "installment";
  amount_variability?: "fixed" | "variable";
  start_date?: string;
  expiry_date?: string;
  cycle_interval_days?: number;
  total_cycles?: number;
  frequency?: string;
  max_amount_per_cycle?: string;
  seller?: { name?: string; short_name?: string; category_code?: string };
}

/** What a card must meet to be taken for the transaction (lib/checkout/transactions/card-acceptance-schema.ts). */
export interface CardAcceptanceCriteria {
  /** Days the card must still be valid for, from the payment. */
  min_expiry_time?: number;
}

export interface SettingsTable {
  id: Generated<number>;
  merchant_name: Generated<string>;
  merchant_logo_url: string | null;
  merchant_website_url: string | null;
  support_email: string | null;
  support_phone: string | null;
  default_redirect_url: string | null;
  default_disclosure_url: string | null;
  default_address: Json<Address> | null;
  default_expiration_seconds: Generated<number>;
  expire_transactions: Generated<boolean>;
  webhook_hmac_key: string | null;
  /** When the webhook key was last set (generated, rotated or given with set-config). */
  webhook_hmac_key_rotated_at: NullableTimestamp;
  /** During a key rotation: the old key, still signing beside the new one until webhook_hmac_previous_until. */
  webhook_hmac_previous_key: string | null;
  webhook_hmac_previous_until: NullableTimestamp;
  /** Addresses (CIDR) that may call the legacy /pos/ paths without credentials, acting with every gateway code. */
  legacy_allowed_networks: TextArray;
  /** The legacy multi-step checkout: e-commerce requests must say capture_address and capture_delivery. */
  legacy_multi_step_checkout: Generated<boolean>;
  updated_at: Timestamp;
}

export interface CurrenciesTable {
  code: string;
  decimals: number;
  enabled: Generated<boolean>;
  created_at: Timestamp;
}

export interface GatewaySettingsTable {
  id: Generated<string>;
  code: string;
  name: string;
  pg: string;
  is_sandbox: Generated<boolean>;
  currencies: TextArray;
  operation: ColumnType<GatewayOperation, GatewayOperation | undefined, GatewayOperation>;
  fee_fixed: DefaultNumeric;
  fee_percent: DefaultNumeric;
  icon_url: string | null;
  config: DefaultJson<Record<string, unknown>>;
  enabled: Generated<boolean>;
  /** Failover order among a transaction's other gateways: higher first, ties in pg_codes order (docs/gateways/failover.md). */
  priority: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The gateway's credentials, encrypted with CREDENTIALS_KEY (never shown again once saved). */
  credentials: Buffer | null;
  /** The last four characters of each credential, for display. */
  credentials_hint: DefaultJson<Record<string, string>>;
  /** An uploaded icon, served by /icons/gateways/{code}; icon_url wins when both are set. */
  icon: Buffer | null;
  icon_content_type: string | null;
}

export interface AdminUsersTable {
  id: Generated<string>;
  username: string;
  password_hash: string;
  is_superuser: Generated<boolean>;
  is_active: Generated<boolean>;
  gateway_codes: TextArray;
  permissions: TextArray;
  created_at: Timestamp;
  last_login_at: NullableTimestamp;
  /**
   * Added to by sign-out, disable, enable and password reset: a panel session cookie carries the value at its
   * sign-in and counts only while it is still the same (lib/access/auth/active-admin.ts).
   */
  session_version: Generated<number>;
}

export interface ApiKeysTable {
  id: Generated<string>;
  name: string;
  prefix: string;
  key_hash: Buffer;
  created_at: Timestamp;
  expires_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  /** private: the merchant's server, every endpoint but the SDK's; public: the SDK endpoints only (migration 0036). */
  kind: ColumnType<ApiKeyKind, ApiKeyKind | undefined, ApiKeyKind>;
  /** A public key's merchant origins (normalised, 1–20); empty for a private key. */
  allowed_origins: TextArray;
}

export type ApiKeyKind = "private" | "public";

export interface TransactionsTable {
  session_id: string;
  type: ColumnType<string, string | undefined, string>;
  mode: ColumnType<string, string | undefined, string>;
  interface: ColumnType<"checkout" | "legacy", "checkout" | "legacy" | undefined, never>;
  state: ColumnType<TransactionState, TransactionState | undefined, TransactionState>;
  operation: GatewayOperation;
  amount: Numeric;
  currency_code: string;
  pg_codes: string[];
  customer_id: string | null;
  customer_first_name: string | null;
  customer_last_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  billing_address: Json<Address> | null;
  order_no: string | null;
  notifications: DefaultJson<{ email?: string[]; sms?: string[]; whatsapp?: string[] }>;
  webhook_url: string | null;
  redirect_url: string | null;
  disclosure_url: string | null;
  vendor_name: string | null;
  product_type: string | null;
  expiration_seconds: number;
  expires_at: Timestamp;
  /** The expires_at its expiry job was queued for (null: none yet); see db/queries/expiry.ts. */
  expiry_job_at: NullableTimestamp;
  language: ColumnType<string, string | undefined, string>;
  email_recipients: TextArray;
  extra: DefaultJson<Record<string, unknown>>;
  legacy: Json<Record<string, unknown>> | null;
  attachment_id: string | null;
  paid_amount: DefaultNumeric;
  captured_amount: DefaultNumeric;
  refunded_amount: DefaultNumeric;
  voided_amount: DefaultNumeric;
  /** Claimed by operations still waiting for their gateway (db/queries/operations.ts). */
  held_amount: DefaultNumeric;
  /** Set by the delete operation: hidden from the API and the customer, kept for the record. */
  deleted_at: NullableTimestamp;
  created_by_api_key_id: string | null;
  created_by_user_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  payment_type: ColumnType<PaymentType, PaymentType | undefined, PaymentType>;
  agreement: Json<Agreement> | null;
  /** Migration 0030 (issue 29). */
  shipping_address: ColumnType<Address | null, Address | string | null | undefined, Address | string | null>;
  customer_phone_2: ColumnType<string | null, string | null | undefined, string | null>;
  /** YYYY-MM-DD. */
  customer_birthdate: ColumnType<string | null, string | null | undefined, string | null>;
  /** Shown to the customer as when the payment is due; it moves nothing (expires_at is the deadline). */
  due_datetime: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  card_acceptance_criteria: ColumnType<CardAcceptanceCriteria | null, CardAcceptanceCriteria | string | null | undefined, CardAcceptanceCriteria | string | null>;
  include_sdk_setup_preload: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface AttachmentsTable {
  id: Generated<string>;
  token: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  content: Buffer;
  created_at: Timestamp;
}

/** What a link code opens: the checkout page (short link), the attachment (short link) or the QR code image. */
export type LinkKind = "checkout" | "attachment" | "qr";

/** The public codes of a transaction's short links and QR code (migration 0029). */
export interface LinkCodesTable {
  code: string;
  session_id: string;
  kind: LinkKind;
  created_at: Generated<Date>;
}

export interface PaymentAttemptsTable {
  id: Generated<string>;
  session_id: string;
  reference_number: string;
  gateway_code: string;
  pg: string;
  state: ColumnType<string, string | undefined, string>;
  amount: Numeric;
  fee: DefaultNumeric;
  currency_code: string;
  is_duplicate: Generated<boolean>;
  card: Json<Record<string, unknown>> | null;
  gateway_response: Json<Record<string, unknown>> | null;
  message: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: NullableTimestamp;
  /** "merchant" for an auto-debit: the customer was not there. */
  initiator: ColumnType<"customer" | "merchant", "customer" | "merchant" | undefined, never>;
  /** The saved card an auto-debit charged. */
  saved_card_id: ColumnType<string | null, string | null | undefined, never>;
  /** The merchant origin whose page framed this attempt (the embedded checkout); null on the hosted page. */
  embed_origin: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OperationsTable {
  id: Generated<string>;
  session_id: string;
  kind: OperationKind;
  state: ColumnType<OperationState, OperationState | undefined, OperationState>;
  amount: Numeric | null;
  attempt_id: string | null;
  gateway_response: Json<Record<string, unknown>> | null;
  message: string | null;
  requested_by_api_key_id: string | null;
  requested_by_user_id: string | null;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
  reference_number: string | null;
  cause: ColumnType<"api" | "duplicate", "api" | "duplicate" | undefined, never>;
  extra: DefaultJson<Record<string, unknown>>;
  idempotency_caller: string | null;
  idempotency_key: string | null;
  request_hash: Buffer | null;
  status_code: number | null;
  response: string | null;
}

export type OperationKind = "refund" | "capture" | "void" | "cancel" | "expire" | "delete" | "inquiry";
export type OperationState = "pending" | "success" | "failed";
/** The operations that ask a gateway to move money. */
export type MoneyOperation = "refund" | "capture" | "void";

export interface TransactionEventsTable {
  id: Generated<string>;
  event_id: Generated<string>;
  session_id: string;
  kind: string;
  from_state: string | null;
  to_state: string | null;
  cause: string;
  attempt_id: string | null;
  operation_id: string | null;
  data: DefaultJson<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  event_id: string;
  session_id: string;
  url: string;
  payload: Json<Record<string, unknown>>;
  state: ColumnType<string, string | undefined, string>;
  attempt_count: Generated<number>;
  next_attempt_at: NullableTimestamp;
  last_status: number | null;
  created_at: Timestamp;
  delivered_at: NullableTimestamp;
}

export interface WebhookAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  attempt_no: number;
  status_code: number | null;
  duration_ms: number;
  /** The receiver's answer, its first 2 KB as text. */
  response_excerpt: string | null;
  /** Why the try failed, in words (connection refused, DNS failure, TLS error, timeout); null for an HTTP answer. */
  error: string | null;
  /** The headers sent, the signature masked; null for tries made before they were kept. */
  request_headers: Json<Record<string, string>> | null;
  created_at: Timestamp;
}

export interface MessagesTable {
  id: Generated<string>;
  event_id: string | null;
  session_id: string | null;
  channel: "email" | "sms" | "whatsapp";
  recipient: string;
  subject: string | null;
  body: string;
  state: ColumnType<string, string | undefined, string>;
  provider: string | null;
  provider_message_id: string | null;
  error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** The first try at handing it to the provider (migration 0022). */
  send_started_at: NullableTimestamp;
}

export interface SavedCardsTable {
  id: Generated<string>;
  customer_id: string;
  pg: ColumnType<string, string | undefined, string>;
  gateway_code: string;
  token: string;
  brand: string;
  masked_number: string;
  expiry_month: number;
  expiry_year: number;
  name_on_card: string | null;
  created_at: Timestamp;
  /** The newest saved or used card is the customer's preferred one. */
  last_used_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface CardAgreementsTable {
  customer_id: string;
  agreement_id: string;
  card_id: string;
  agreement: Json<Agreement>;
  /** The customer-present payment that set the agreement up. */
  session_id: string;
  amount: Numeric;
  currency_code: string;
  charges: Generated<number>;
  created_at: Timestamp;
  /** When the last charge under it started: the linking payment, or an auto-debit from its reservation; its cycle counts from here. */
  last_charge_at: Timestamp;
  /** last_charge_at before the latest auto-debit's reservation, given back if that auto-debit fails. */
  previous_charge_at: NullableTimestamp;
}

export interface IdempotencyKeysTable {
  caller: string;
  key: string;
  request_hash: Buffer;
  status_code: number;
  /** The first answer's JSON text, kept as sent. */
  response: string;
  created_at: Timestamp;
}

export interface GatewayMessagesTable {
  pg: string;
  message_id: string;
  reference_number: string;
  channel: "callback" | "return";
  received_at: Timestamp;
}

export type SandboxStatus = "awaiting_card" | "challenge" | "approved" | "declined" | "error" | "processing" | "canceled" | "expired";

export interface SandboxPaymentsTable {
  reference_number: string;
  gateway_code: string;
  amount: Numeric;
  currency_code: string;
  customer_id: string | null;
  status: ColumnType<SandboxStatus, SandboxStatus | undefined, SandboxStatus>;
  operation: GatewayOperation;
  card_brand: string | null;
  card_masked: string | null;
  card_expiry: string | null;
  save_card: Generated<boolean>;
  token: string | null;
  paymentid: string;
  tranid: string | null;
  auth_code: string | null;
  operation_behaviour: ColumnType<SandboxOperationBehaviour, SandboxOperationBehaviour | undefined, SandboxOperationBehaviour>;
  created_at: Timestamp;
  settled_at: NullableTimestamp;
  /** The merchant's transaction saves the card whatever the customer ticks (save_card, auto_debit). */
  must_save: Generated<boolean>;
  /** An auto-debit: charged from a token, without the card page. */
  merchant_initiated: Generated<boolean>;
  card_holder: ColumnType<string | null, string | null | undefined, string | null>;
  /** The user-defined field udf6 the payment was started with: the merchant's vendor name. */
  udf6: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why a declined payment was declined: the issuer's response code (null: 51, insufficient funds). */
  decline_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** The payment's deadline, the transaction's expires_at when it started: no card is taken after it. None for auto-debits. */
  expires_at: NullableTimestamp;
  /** The transaction's card_acceptance_criteria.min_expiry_time: a card valid for fewer days is refused. */
  min_card_expiry_days: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The sandbox gateway's vault: the card behind each token it issued. */
export interface SandboxTokensTable {
  token: string;
  gateway_code: string;
  customer_id: string;
  card_brand: string;
  card_masked: string;
  card_expiry: string;
  charge_behaviour: "approve" | "decline";
  operation_behaviour: SandboxOperationBehaviour;
  created_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}

export type SandboxOperationBehaviour = "accept" | "refuse" | "no_answer";

export interface SandboxOperationsTable {
  reference_number: string;
  payment_reference: string;
  kind: MoneyOperation;
  amount: Numeric;
  status: "approved" | "refused" | "processing";
  message: string | null;
  created_at: Generated<Date>;
  settled_at: NullableTimestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor_user_id: string | null;
  /** The username at the time (kept when the user is renamed or removed). */
  actor: string;
  action: string;
  entity: string;
  entity_id: string | null;
  before: Json<Record<string, unknown>> | null;
  after: Json<Record<string, unknown>> | null;
  created_at: Timestamp;
}

export interface JobPoolHeartbeatsTable {
  pool_id: string;
  seen_at: ColumnType<Date, Date | undefined, Date>;
}

export interface Database {
  job_pool_heartbeats: JobPoolHeartbeatsTable;
  audit_log: AuditLogTable;
  settings: SettingsTable;
  currencies: CurrenciesTable;
  gateway_settings: GatewaySettingsTable;
  admin_users: AdminUsersTable;
  api_keys: ApiKeysTable;
  transactions: TransactionsTable;
  attachments: AttachmentsTable;
  link_codes: LinkCodesTable;
  payment_attempts: PaymentAttemptsTable;
  operations: OperationsTable;
  transaction_events: TransactionEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  messages: MessagesTable;
  saved_cards: SavedCardsTable;
  card_agreements: CardAgreementsTable;
  idempotency_keys: IdempotencyKeysTable;
  gateway_messages: GatewayMessagesTable;
  sandbox_payments: SandboxPaymentsTable;
  sandbox_operations: SandboxOperationsTable;
  sandbox_tokens: SandboxTokensTable;
}

export type AdminUser = Selectable<AdminUsersTable>;
export type ApiKey = Selectable<ApiKeysTable>;
export type GatewaySetting = Selectable<GatewaySettingsTable>;
export type Settings = Selectable<SettingsTable>;
export type AuditEntry = Selectable<AuditLogTable>;
export type SettingsUpdate = Updateable<SettingsTable>;
export type NewGatewaySetting = Insertable<GatewaySettingsTable>;
export type SandboxPayment = Selectable<SandboxPaymentsTable>;
export type PaymentAttempt = Selectable<PaymentAttemptsTable>;
export type Operation = Selectable<OperationsTable>;
export type TransactionEvent = Selectable<TransactionEventsTable>;
