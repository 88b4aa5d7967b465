import { type Kysely, sql } from "kysely";

// The legacy /pos/ interface's two settings: the addresses allowed to create without credentials (old shop
// plugins send none), and the multi-step checkout that makes e-commerce requests say capture_address and
// capture_delivery. Both off out of the box.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE settings
      -- IPv4 and IPv6 addresses or CIDR networks, as lib/core/validation/allowed-networks.ts writes them ("10.0.0.0/8").
      ADD COLUMN legacy_allowed_networks text[] NOT NULL DEFAULT '{}',
      ADD COLUMN legacy_multi_step_checkout boolean NOT NULL DEFAULT false;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE settings DROP COLUMN legacy_multi_step_checkout, DROP COLUMN legacy_allowed_networks;
  `.execute(db);
}
