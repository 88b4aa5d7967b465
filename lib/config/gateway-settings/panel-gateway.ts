import type { GatewaySetting } from "@/db/types";
import { trimFraction } from "@/lib/core/money/decimal";
import { gatewayIconUrl } from "@/lib/gateways/gateway-icon-url";

type PanelRow = Pick<
  GatewaySetting,
  "code" | "name" | "pg" | "is_sandbox" | "currencies" | "operation" | "priority" | "fee_fixed" | "fee_percent" | "icon_url" | "icon_content_type" | "enabled" | "credentials_hint"
>;

/** A gateway setting as the panel shows it: never its credentials (only their last four) nor its icon's bytes. */
export function panelGateway(row: PanelRow) {
  return {
    code: row.code,
    name: row.name,
    pg: row.pg,
    mode: row.is_sandbox ? ("sandbox" as const) : ("production" as const),
    currencies: row.currencies,
    operation: row.operation,
    priority: row.priority,
    feeFixed: trimFraction(row.fee_fixed),
    feePercent: trimFraction(row.fee_percent),
    iconUrl: row.icon_url,
    hasUploadedIcon: row.icon_content_type !== null,
    shownIcon: gatewayIconUrl({ ...row, has_icon: row.icon_content_type !== null }),
    enabled: row.enabled,
    credentialsHint: row.credentials_hint,
  };
}

export type PanelGateway = ReturnType<typeof panelGateway>;
