import { listCurrencies } from "@/db/queries/currencies";
import { cachedSettings } from "@/lib/core/cache/cached-settings";
import { canUseGateway, requireAction, type Caller } from "@/lib/access/auth/permissions";
import { preferredGateways } from "@/lib/config/gateway-settings/preferred-gateways";
import type { Ctx } from "@/lib/core/context";
import { formatDuration } from "@/lib/core/time/duration";
import { CHANNELS } from "@/lib/delivery/notifications/channels";
import { cachedEnabledGateways } from "@/lib/gateways/cached-gateway-setting";

export interface LinkFormGateway {
  code: string;
  name: string;
  isSandbox: boolean;
  currencies: string[];
}

/**
 * What the "New payment link" form offers this user: their enabled gateways and the currencies those take (with
 * their decimal places), the gateways ticked for each currency (the production ones, or only when there are none
 * the sandbox ones: a transaction never mixes the two), the currency shown first (`currency` when they take it),
 * the settings' expiry, and the channels a link can be sent by. Only users who may create transactions.
 */
export async function loadNewLinkForm({ ctx, input }: { ctx: Ctx; input: { caller: Caller; currency?: string } }) {
  requireAction(input.caller, "create");
  const [all, currencies, settings] = await Promise.all([
    cachedEnabledGateways(ctx.db),
    listCurrencies(ctx.db),
    cachedSettings(ctx.db),
  ]);
  const usable = all.filter((g) => canUseGateway(input.caller, g.code));
  const gateways: LinkFormGateway[] = usable.map((g) => ({ code: g.code, name: g.name, isSandbox: g.is_sandbox, currencies: g.currencies }));
  const taken = currencies.filter((c) => usable.some((g) => g.currencies.includes(c.code)));
  const preselected = Object.fromEntries(
    taken.map((c) => [c.code, preferredGateways(usable.filter((g) => g.currencies.includes(c.code))).map((g) => g.code)]),
  );
  const asked = input.currency?.trim().toUpperCase();
  return {
    gateways,
    currencies: taken,
    preselected,
    currency: taken.find((c) => c.code === asked)?.code ?? taken[0]?.code ?? null,
    defaultExpiration: formatDuration(settings.default_expiration_seconds),
    channels: [...CHANNELS],
  };
}

export type NewLinkForm = Awaited<ReturnType<typeof loadNewLinkForm>>;
