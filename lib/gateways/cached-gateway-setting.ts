import type { Db } from "@/db/client";
import { findGatewaySettingByCode, listEnabledGatewaySettings } from "@/db/queries/gateway-settings";
import { cachedConfig } from "@/lib/core/cache/config-cache";

/**
 * A gateway's setting by code, kept by the configuration cache (a change anywhere drops it: config-cache.ts). Every
 * step of a payment needs it (start, callback, return, inquiry); the row is shared, so callers must not modify it.
 */
export const cachedGatewaySetting = (db: Db, code: string) => cachedConfig(`gateway:${code}`, () => findGatewaySettingByCode(db, code));

/** Every enabled gateway setting, kept by the configuration cache as one entry (the same rows: not to be modified). */
export const cachedEnabledGateways = (db: Db) => cachedConfig("gateways:enabled", () => listEnabledGatewaySettings(db));
