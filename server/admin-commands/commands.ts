import { createAdminUser } from "@/lib/access/admin-users/create-admin-user";
import { apiKeyState } from "@/lib/access/api-keys/api-key-state";
import { createApiKey } from "@/lib/access/api-keys/create-api-key";
import { listApiKeys } from "@/lib/access/api-keys/list-api-keys";
import { revokeApiKey } from "@/lib/access/api-keys/revoke-api-key";
import type { Ctx } from "@/lib/core/context";
import { addCurrency } from "@/lib/config/currencies/add-currency";
import { setCurrencyEnabled } from "@/lib/config/currencies/set-currency-enabled";
import { CredentialsKeyError } from "@/lib/core/crypto/credentials-cipher";
import { DomainError } from "@/lib/core/errors";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";
import { reencryptCredentials } from "@/lib/config/gateway-settings/reencrypt-credentials";
import { setGatewayEnabled } from "@/lib/config/gateway-settings/set-gateway-enabled";
import { updateGatewaySetting } from "@/lib/config/gateway-settings/update-gateway-setting";
import type { KnownPg } from "@/lib/gateways/known-gateways";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { splitNetworks } from "@/lib/core/validation/allowed-networks";
import { bulkSummaryLines } from "@/lib/legacy/bulk/bulk-summary-lines";
import { bulkUploader } from "@/lib/legacy/bulk/bulk-uploader";
import { createBulkPaymentRequests } from "@/lib/legacy/bulk/create-bulk-payment-requests";
import { listMessages } from "@/lib/delivery/notifications/list-messages";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { credentialsFile, gatewayMode, list, numberOption, onOff, parseOptions, UsageError } from "./usage-error";

/** `enable-gateway` / `disable-gateway --code C`. */
function gatewaySwitch(enabled: boolean): Command {
  return {
    usage: `${enabled ? "enable" : "disable"}-gateway --code C`,
    async run(ctx, args) {
      const o = parseOptions(args, { code: s }, ["code"]);
      await setGatewayEnabled({ ctx, input: { code: o.code!, enabled } });
      return [`Gateway setting ${o.code} ${enabled ? "enabled" : "disabled"}.`];
    },
  };
}

/** What a command prints; with an exit code when it ran but something in it failed (e.g. invalid lines of a file). */
export type CommandOutput = string[] | { lines: string[]; exitCode: number };

export interface Command {
  usage: string;
  run(ctx: Ctx, args: string[]): Promise<CommandOutput>;
}

const s = { type: "string" } as const;
const b = { type: "boolean" } as const;

const ADDRESS_PARTS = ["line1", "line2", "city", "state", "country", "postal-code"] as const;

/** A currency's enable-currency / disable-currency command. */
const currencySwitch = (enabled: boolean): Command => ({
  usage: `${enabled ? "enable" : "disable"}-currency --code KWD`,
  async run(ctx, args) {
    const o = parseOptions(args, { code: s }, ["code"]);
    const c = await setCurrencyEnabled({ ctx, input: { code: o.code!, enabled } });
    return [`Currency ${c.code} ${c.enabled ? "enabled" : "disabled"}${c.wasEnabled === c.enabled ? " (it already was)" : ""}.`];
  },
});

/** --expires-in-days D as the instant D days from now. */
function expiryOption(days: string | undefined): Date | undefined {
  const n = numberOption(days, "expires-in-days");
  return n === undefined ? undefined : new Date(Date.now() + n * 86_400_000);
}

/** What create-api-key and create-public-key print: the key goes alone on the last line, for `tail -n 1`. */
function createdKeyLines(created: { id: string; name: string; kind: string; allowed_origins: string[]; expires_at: Date | null; key: string }) {
  const expiry = created.expires_at ? `, expires ${created.expires_at.toISOString()}` : "";
  const origins = created.kind === "public" ? `, origins ${created.allowed_origins.join(", ")}` : "";
  return [`Created ${created.kind} API key ${created.name} (id ${created.id}${origins}${expiry}). It is shown only now:`, created.key];
}

export const commands: Record<string, Command> = {
  "create-user": {
    usage: "create-user --username U --password P [--superuser] [--gateways a,b] [--permissions create,update,…]",
    async run(ctx, args) {
      const o = parseOptions(args, { username: s, password: s, superuser: b, gateways: s, permissions: s }, [
        "username",
        "password",
      ]);
      const user = await createAdminUser({
        ctx,
        input: {
          username: o.username!,
          password: o.password!,
          isSuperuser: o.superuser ?? false,
          gatewayCodes: list(o.gateways),
          permissions: list(o.permissions) as never,
        },
      });
      const scope = user.is_superuser ? "superuser" : `gateways: ${user.gateway_codes.join(", ") || "none"}`;
      return [`Created user ${user.username} (${scope}; permissions: ${user.permissions.join(", ")}).`];
    },
  },
  "create-api-key": {
    usage: "create-api-key --name N [--expires-in-days D]",
    async run(ctx, args) {
      const o = parseOptions(args, { name: s, "expires-in-days": s }, ["name"]);
      const created = await createApiKey({ ctx, input: { kind: "private", name: o.name!, expiresAt: expiryOption(o["expires-in-days"]) } });
      return createdKeyLines(created);
    },
  },
  "create-public-key": {
    usage: "create-public-key --name N --origins https://shop.example,http://localhost:4000 [--expires-in-days D]",
    async run(ctx, args) {
      const o = parseOptions(args, { name: s, origins: s, "expires-in-days": s }, ["name", "origins"]);
      const expiresAt = expiryOption(o["expires-in-days"]);
      return createdKeyLines(await createApiKey({ ctx, input: { kind: "public", name: o.name!, origins: o.origins!, expiresAt } }));
    },
  },
  "list-api-keys": {
    usage: "list-api-keys",
    async run(ctx, args) {
      parseOptions(args, {});
      const keys = await listApiKeys({ ctx });
      // Columns added at the end, so scripts reading the first four keep working.
      return keys.map((k) => [k.id, k.name, `${k.prefix}…`, apiKeyState(k), k.kind, k.allowed_origins.join(",") || "-"].join("\t"));
    },
  },
  "revoke-api-key": {
    usage: "revoke-api-key --id ID",
    async run(ctx, args) {
      const o = parseOptions(args, { id: s }, ["id"]);
      if (!/^\d+$/.test(o.id!)) throw new UsageError("--id must be the numeric id shown by list-api-keys.");
      await revokeApiKey({ ctx, input: { id: o.id! } });
      return [`Revoked API key ${o.id}.`];
    },
  },
  "add-currency": {
    usage: "add-currency --code KWD --decimals 3",
    async run(ctx, args) {
      const o = parseOptions(args, { code: s, decimals: s }, ["code", "decimals"]);
      const currency = await addCurrency({ ctx, input: { code: o.code!, decimals: numberOption(o.decimals, "decimals")! } });
      return [`Currency ${currency.code} with ${currency.decimals} decimal places.`];
    },
  },
  "disable-currency": currencySwitch(false),
  "enable-currency": currencySwitch(true),
  "create-gateway": {
    usage:
      'create-gateway --code C --pg sandbox --currencies KWD,USD [--operation purchase|authorize] [--priority 0] [--fee-fixed 0.250] [--fee-percent 1.5] [--name "…"] [--icon-url U] [--mode sandbox|production] [--credentials-file F.json]',
    async run(ctx, args) {
      const o = parseOptions(
        args,
        { code: s, pg: s, currencies: s, operation: s, priority: s, "fee-fixed": s, "fee-percent": s, name: s, "icon-url": s, mode: s, "credentials-file": s },
        ["code", "pg", "currencies"],
      );
      const g = await createGatewaySetting({
        ctx,
        input: {
          code: o.code!,
          pg: o.pg! as KnownPg,
          currencies: list(o.currencies)!,
          operation: o.operation as "purchase",
          priority: o.priority,
          feeFixed: o["fee-fixed"],
          feePercent: o["fee-percent"],
          name: o.name,
          iconUrl: o["icon-url"],
          isSandbox: gatewayMode(o.mode),
          credentials: await credentialsFile(o["credentials-file"]),
        },
      });
      return [`Gateway setting ${g.code} (${g.pg}, ${g.operation}, ${g.currencies.join(", ")}).`];
    },
  },
  "update-gateway": {
    usage:
      'update-gateway --code C [--new-code C2] [--name "…"] [--pg sandbox] [--currencies KWD,USD] [--operation purchase|authorize] [--priority N] [--fee-fixed F] [--fee-percent P] [--icon-url U|""] [--mode sandbox|production] [--credentials-file F.json]',
    async run(ctx, args) {
      const o = parseOptions(
        args,
        { code: s, "new-code": s, pg: s, currencies: s, operation: s, priority: s, "fee-fixed": s, "fee-percent": s, name: s, "icon-url": s, mode: s, "credentials-file": s },
        ["code"],
      );
      const { code, ...changes } = o;
      if (Object.values(changes).every((v) => v === undefined)) throw new UsageError("Give at least one field to change.");
      const { after: g } = await updateGatewaySetting({
        ctx,
        input: {
          code: code!,
          newCode: o["new-code"],
          pg: o.pg as KnownPg | undefined,
          currencies: list(o.currencies),
          operation: o.operation as "purchase" | undefined,
          priority: o.priority,
          feeFixed: o["fee-fixed"],
          feePercent: o["fee-percent"],
          name: o.name,
          // An empty --icon-url removes it.
          iconUrl: o["icon-url"] === "" ? null : o["icon-url"],
          isSandbox: gatewayMode(o.mode),
          credentials: await credentialsFile(o["credentials-file"]),
        },
      });
      return [`Gateway setting ${g.code} (${g.pg}, ${g.operation}, ${g.currencies.join(", ")}) saved.`];
    },
  },
  "enable-gateway": gatewaySwitch(true),
  "disable-gateway": gatewaySwitch(false),
  "rotate-credentials-key": {
    usage: "rotate-credentials-key",
    async run(ctx, args) {
      parseOptions(args, {});
      const done = await reencryptCredentials({ ctx }).catch((error: unknown) => {
        if (error instanceof CredentialsKeyError) throw new DomainError(`${error.message} Nothing was changed.`);
        throw error;
      });
      const names = done.reencrypted.length ? ` (${done.reencrypted.join(", ")})` : "";
      return [
        `Re-encrypted the credentials of ${done.reencrypted.length} gateway setting(s)${names} with key ${done.keyId}; ${done.total - done.reencrypted.length} already used it.`,
      ];
    },
  },
  messages: {
    usage: "messages [--session S] [--limit N]",
    async run(ctx, args) {
      const o = parseOptions(args, { session: s, limit: s });
      const rows = await listMessages({ ctx, input: { sessionId: o.session, limit: numberOption(o.limit, "limit") } });
      if (rows.length === 0) return ["No messages."];
      return rows.flatMap((m) => [
        [m.created_at.toISOString(), m.channel, m.recipient, m.state, m.provider ? `${m.provider} ${m.provider_message_id ?? ""}`.trim() : "", `session ${m.session_id ?? "-"}`]
          .filter(Boolean)
          .join("\t"),
        ...(m.subject ? [`Subject: ${m.subject}`] : []),
        ...m.body.split("\n").map((line) => `  ${line}`.trimEnd()),
        ...(m.error ? [`Last error: ${m.error}`] : []),
        "",
      ]);
    },
  },
  "bulk-payment-requests": {
    usage: "bulk-payment-requests --file F [--as USERNAME]",
    async run(ctx, args) {
      const o = parseOptions(args, { file: s, as: s }, ["file"]);
      const bytes = await readFile(o.file!).catch((error: NodeJS.ErrnoException) => {
        throw new UsageError(`Cannot read --file ${o.file}: ${error.code ?? error.message}.`);
      });
      const caller = await bulkUploader(ctx, o.as);
      const result = await createBulkPaymentRequests({ ctx, input: { caller, file: { name: path.basename(o.file!), bytes } } });
      // Exit code 1 when some lines were invalid: a script sees that the file needs fixing.
      return { lines: bulkSummaryLines(result), exitCode: result.counts.invalid > 0 ? 1 : 0 };
    },
  },
  "set-config": {
    usage:
      "set-config [--expire-transactions on|off] [--default-expiration HH:MM:SS] [--default-redirect-url U] [--default-disclosure-url U] [--webhook-hmac-key K] [--merchant-name N] [--merchant-website-url U] [--merchant-logo-url U] [--support-email E] [--support-phone P] [--legacy-allowed-networks CIDR,CIDR,…] [--legacy-multi-step-checkout on|off] [--default-address-line1 L --default-address-city C --default-address-state S --default-address-country CC --default-address-postal-code P [--default-address-line2 L]]",
    async run(ctx, args) {
      const o = parseOptions(args, {
        "expire-transactions": s,
        "default-expiration": s,
        "default-redirect-url": s,
        "default-disclosure-url": s,
        "webhook-hmac-key": s,
        "merchant-name": s,
        "merchant-website-url": s,
        "merchant-logo-url": s,
        "support-email": s,
        "support-phone": s,
        "legacy-allowed-networks": s,
        "legacy-multi-step-checkout": s,
        ...Object.fromEntries(ADDRESS_PARTS.map((part) => [`default-address-${part}`, s])),
      }) as Record<string, string | undefined>;
      const address = Object.fromEntries(ADDRESS_PARTS.map((part) => [part.replace("-", "_"), o[`default-address-${part}`]]));
      if (Object.values(o).every((v) => v === undefined)) throw new UsageError("Give at least one setting to change.");
      const settings = await updateSettings({
        ctx,
        input: {
          expireTransactions: onOff(o["expire-transactions"], "expire-transactions"),
          defaultExpiration: o["default-expiration"],
          defaultRedirectUrl: o["default-redirect-url"],
          defaultDisclosureUrl: o["default-disclosure-url"],
          webhookHmacKey: o["webhook-hmac-key"],
          merchantName: o["merchant-name"],
          merchantWebsiteUrl: o["merchant-website-url"],
          merchantLogoUrl: o["merchant-logo-url"],
          supportEmail: o["support-email"],
          supportPhone: o["support-phone"],
          // Comma-separated; an empty value clears the list.
          legacyAllowedNetworks: o["legacy-allowed-networks"] === undefined ? undefined : splitNetworks(o["legacy-allowed-networks"]),
          legacyMultiStepCheckout: onOff(o["legacy-multi-step-checkout"], "legacy-multi-step-checkout"),
          // Given together: the address's own rules say which parts are required.
          defaultAddress: Object.values(address).some((v) => v !== undefined) ? (address as never) : undefined,
        },
      });
      return [
        `Settings saved: expire transactions ${settings.expire_transactions ? "on" : "off"}, default expiration ${settings.default_expiration_seconds}s, webhook HMAC key ${settings.webhook_hmac_key_set ? "set" : "not set"}.`,
      ];
    },
  },
};
