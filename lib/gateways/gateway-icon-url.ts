import { env } from "@/lib/core/env";

/** Where a gateway's icon is: its icon URL, else its uploaded icon, else the pg's own. */
export function gatewayIconUrl(gateway: { code: string; pg: string; icon_url: string | null; has_icon: boolean }): string {
  if (gateway.icon_url) return gateway.icon_url;
  if (gateway.has_icon) return `${env.APP_URL}/icons/gateways/${encodeURIComponent(gateway.code)}`;
  return `${env.APP_URL}/icons/${gateway.pg}.svg`;
}
