import { type Kysely, sql } from "kysely";

// The rest of the checkout create surface (issue 29): the shipping address, a second phone, the birthdate, the
// due date shown to the customer, the card acceptance criteria and the SDK preload flag; WhatsApp as a third
// message channel; and the sandbox gateway keeps the shortest card validity a payment accepts, as it keeps the
// deadline.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE transactions
      ADD COLUMN shipping_address jsonb,
      ADD COLUMN customer_phone_2 text,
      -- YYYY-MM-DD as given: a date of birth has no time zone, and text keeps the driver from making it a local midnight.
      ADD COLUMN customer_birthdate text CHECK (customer_birthdate ~ '^\\d{4}-\\d{2}-\\d{2}$'),
      ADD COLUMN due_datetime timestamptz,
      ADD COLUMN card_acceptance_criteria jsonb,
      ADD COLUMN include_sdk_setup_preload boolean NOT NULL DEFAULT false;

    ALTER TABLE messages DROP CONSTRAINT messages_channel_check;
    ALTER TABLE messages ADD CONSTRAINT messages_channel_check CHECK (channel IN ('email', 'sms', 'whatsapp'));

    ALTER TABLE sandbox_payments ADD COLUMN min_card_expiry_days integer;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sandbox_payments DROP COLUMN min_card_expiry_days;

    DELETE FROM messages WHERE channel = 'whatsapp';
    ALTER TABLE messages DROP CONSTRAINT messages_channel_check;
    ALTER TABLE messages ADD CONSTRAINT messages_channel_check CHECK (channel IN ('email', 'sms'));

    ALTER TABLE transactions
      DROP COLUMN shipping_address,
      DROP COLUMN customer_phone_2,
      DROP COLUMN customer_birthdate,
      DROP COLUMN due_datetime,
      DROP COLUMN card_acceptance_criteria,
      DROP COLUMN include_sdk_setup_preload;
  `.execute(db);
}
