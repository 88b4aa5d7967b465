import { type Kysely, sql } from "kysely";

// The whole data model of the interface: settings, people and keys, transactions and the records of their life.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- One installation serves one merchant: its panel settings are a single row.
    CREATE TABLE settings (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      merchant_name text NOT NULL DEFAULT 'Demo Merchant',
      merchant_logo_url text,
      support_email text,
      support_phone text,
      default_redirect_url text,
      default_disclosure_url text,
      default_address jsonb,
      default_expiration_seconds integer NOT NULL DEFAULT 3600 CHECK (default_expiration_seconds > 0),
      expire_transactions boolean NOT NULL DEFAULT true,
      webhook_hmac_key text,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO settings (id) VALUES (1);

    CREATE TABLE currencies (
      code char(3) PRIMARY KEY CHECK (code ~ '^[A-Z]{3}$'),
      decimals smallint NOT NULL CHECK (decimals BETWEEN 0 AND 4),
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE gateway_settings (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      code text NOT NULL UNIQUE CHECK (code ~ '^[a-zA-Z0-9_-]{1,64}$'),
      name text NOT NULL,
      pg text NOT NULL,
      is_sandbox boolean NOT NULL DEFAULT false,
      currencies text[] NOT NULL DEFAULT '{}',
      operation text NOT NULL DEFAULT 'purchase' CHECK (operation IN ('purchase', 'authorize')),
      fee_fixed numeric(18, 6) NOT NULL DEFAULT 0 CHECK (fee_fixed >= 0),
      fee_percent numeric(7, 4) NOT NULL DEFAULT 0 CHECK (fee_percent >= 0 AND fee_percent <= 100),
      icon_url text,
      -- Gateway credentials and options; never returned by the API.
      config jsonb NOT NULL DEFAULT '{}',
      enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE admin_users (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      username text NOT NULL UNIQUE CHECK (length(username) BETWEEN 1 AND 150),
      password_hash text NOT NULL,
      is_superuser boolean NOT NULL DEFAULT false,
      is_active boolean NOT NULL DEFAULT true,
      -- Gateway codes this user may use (a superuser may use all).
      gateway_codes text[] NOT NULL DEFAULT '{}',
      -- Actions this user may take (a superuser may take all).
      permissions text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      last_login_at timestamptz
    );

    CREATE TABLE api_keys (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      -- First characters of the key, so an administrator can tell keys apart without the secret.
      prefix text NOT NULL,
      key_hash bytea NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz,
      revoked_at timestamptz,
      last_used_at timestamptz
    );

    CREATE TABLE transactions (
      session_id char(40) PRIMARY KEY CHECK (session_id ~ '^[0-9a-f]{40}$'),
      type text NOT NULL DEFAULT 'e_commerce' CHECK (type IN ('e_commerce', 'payment_request')),
      mode text NOT NULL DEFAULT 'payment',
      -- Which interface created it: the checkout API or the legacy /pos/ one.
      interface text NOT NULL DEFAULT 'checkout' CHECK (interface IN ('checkout', 'legacy')),
      state text NOT NULL DEFAULT 'created' CHECK (state IN ('created', 'pending', 'attempted', 'authorized',
        'paid', 'failed', 'canceled', 'expired', 'voided', 'refunded', 'captured', 'error')),
      operation text NOT NULL CHECK (operation IN ('purchase', 'authorize')),
      amount numeric(18, 6) NOT NULL CHECK (amount > 0),
      currency_code char(3) NOT NULL REFERENCES currencies (code),
      pg_codes text[] NOT NULL,
      customer_id text,
      customer_first_name text,
      customer_last_name text,
      customer_email text,
      customer_phone text,
      billing_address jsonb,
      order_no text,
      notifications jsonb NOT NULL DEFAULT '{}',
      webhook_url text,
      redirect_url text,
      disclosure_url text,
      vendor_name text,
      product_type text,
      expiration_seconds integer NOT NULL CHECK (expiration_seconds > 0),
      expires_at timestamptz NOT NULL,
      language char(2) NOT NULL DEFAULT 'en',
      email_recipients text[] NOT NULL DEFAULT '{}',
      extra jsonb NOT NULL DEFAULT '{}',
      -- Legacy-only request data (flags, initiator, capture options) kept as sent.
      legacy jsonb,
      attachment_id bigint,
      paid_amount numeric(18, 6) NOT NULL DEFAULT 0,
      captured_amount numeric(18, 6) NOT NULL DEFAULT 0,
      refunded_amount numeric(18, 6) NOT NULL DEFAULT 0,
      created_by_api_key_id bigint REFERENCES api_keys (id),
      created_by_user_id bigint REFERENCES admin_users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- order_no identifies one live transaction: ended ones free it for a new attempt at the order.
    CREATE UNIQUE INDEX transactions_live_order_no ON transactions (order_no)
      WHERE order_no IS NOT NULL AND state NOT IN ('expired', 'canceled', 'failed', 'error');
    CREATE INDEX transactions_expiring ON transactions (expires_at) WHERE state IN ('created', 'attempted');
    CREATE INDEX transactions_created_at ON transactions (created_at DESC);
    CREATE INDEX transactions_customer_id ON transactions (customer_id) WHERE customer_id IS NOT NULL;

    CREATE TABLE attachments (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      token char(40) NOT NULL UNIQUE,
      file_name text NOT NULL,
      content_type text NOT NULL,
      size_bytes integer NOT NULL,
      content bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE transactions ADD FOREIGN KEY (attachment_id) REFERENCES attachments (id);

    -- One row per time the customer is sent to a gateway.
    CREATE TABLE payment_attempts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      session_id char(40) NOT NULL REFERENCES transactions (session_id),
      reference_number text NOT NULL UNIQUE,
      gateway_code text NOT NULL,
      pg text NOT NULL,
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'success', 'declined', 'canceled',
        'error', 'expired')),
      amount numeric(18, 6) NOT NULL,
      fee numeric(18, 6) NOT NULL DEFAULT 0,
      currency_code char(3) NOT NULL,
      -- Set when a second attempt succeeds for an already settled transaction: money to give back.
      is_duplicate boolean NOT NULL DEFAULT false,
      card jsonb,
      gateway_response jsonb,
      message text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    );
    CREATE INDEX payment_attempts_session ON payment_attempts (session_id);

    -- Refund, capture, void, cancel, expire and inquiry requests against a transaction.
    CREATE TABLE operations (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      session_id char(40) NOT NULL REFERENCES transactions (session_id),
      kind text NOT NULL CHECK (kind IN ('refund', 'capture', 'void', 'cancel', 'expire', 'inquiry')),
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'success', 'failed')),
      amount numeric(18, 6),
      attempt_id bigint REFERENCES payment_attempts (id),
      gateway_response jsonb,
      message text,
      requested_by_api_key_id bigint REFERENCES api_keys (id),
      requested_by_user_id bigint REFERENCES admin_users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    );
    CREATE INDEX operations_session ON operations (session_id);

    -- Every state change (and every update) of a transaction, in order.
    CREATE TABLE transaction_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      -- Stable public id: webhooks and messages for this event are deduplicated by it.
      event_id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      session_id char(40) NOT NULL REFERENCES transactions (session_id),
      kind text NOT NULL,
      from_state text,
      to_state text,
      cause text NOT NULL,
      attempt_id bigint REFERENCES payment_attempts (id),
      operation_id bigint REFERENCES operations (id),
      data jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX transaction_events_session ON transaction_events (session_id, id);

    CREATE TABLE webhook_deliveries (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      event_id uuid NOT NULL REFERENCES transaction_events (event_id),
      session_id char(40) NOT NULL REFERENCES transactions (session_id),
      url text NOT NULL,
      payload jsonb NOT NULL,
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
      attempt_count integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz,
      last_status integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      delivered_at timestamptz,
      UNIQUE (event_id, url)
    );

    CREATE TABLE webhook_attempts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      delivery_id bigint NOT NULL REFERENCES webhook_deliveries (id),
      attempt_no integer NOT NULL,
      status_code integer,
      duration_ms integer NOT NULL,
      response_excerpt text,
      error text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id);

    -- E-mail and SMS to customers and recipients: sent through a provider, or only recorded without one.
    CREATE TABLE messages (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      event_id uuid REFERENCES transaction_events (event_id),
      session_id char(40) REFERENCES transactions (session_id),
      channel text NOT NULL CHECK (channel IN ('email', 'sms')),
      recipient text NOT NULL,
      subject text,
      body text NOT NULL,
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'recorded', 'failed')),
      provider text,
      provider_message_id text,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      UNIQUE (event_id, channel, recipient)
    );

    CREATE TABLE saved_cards (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      customer_id text NOT NULL,
      gateway_code text NOT NULL,
      token text NOT NULL UNIQUE,
      brand text NOT NULL,
      masked_number text NOT NULL,
      expiry_month smallint NOT NULL,
      expiry_year smallint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE INDEX saved_cards_customer ON saved_cards (customer_id) WHERE deleted_at IS NULL;

    -- Idempotency-Key records per caller, kept 24 hours.
    CREATE TABLE idempotency_keys (
      caller text NOT NULL,
      key text NOT NULL,
      request_hash bytea NOT NULL,
      status_code integer NOT NULL,
      response jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (caller, key)
    );
    CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE idempotency_keys, saved_cards, messages, webhook_attempts, webhook_deliveries,
      transaction_events, operations, payment_attempts, transactions, attachments, api_keys, admin_users,
      gateway_settings, currencies, settings;
  `.execute(db);
}
