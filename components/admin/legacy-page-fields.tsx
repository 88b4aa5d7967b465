import type { ReactNode } from "react";
import type { TransactionDetail } from "@/lib/panel/admin/load-transaction-detail";
import { deliveryLocationOf, pageOptionsOf } from "@/lib/checkout/page-fields/page-fields";
import { link } from "./panel-styles";
import { UtcTime } from "./utc-time";

/** OpenStreetMap centred on the point, with a marker on it. */
const osmUrl = ({ latitude, longitude }: { latitude: number; longitude: number }) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;

/**
 * What the customer gave on a legacy transaction's payment page (capture_address, capture_delivery), as rows
 * of the fields list: the address with when it was given, the delivery location with a link to the map. None
 * for a transaction whose page asked for neither.
 */
export function legacyPageRows(txn: TransactionDetail["txn"]): [string, ReactNode][] {
  const options = pageOptionsOf(txn);
  const location = deliveryLocationOf(txn.legacy);
  const capturedAt = typeof txn.legacy?.address_captured_at === "string" ? txn.legacy.address_captured_at : null;
  const rows: [string, ReactNode][] = [];
  if (options.captureAddress || capturedAt) {
    const a = txn.billing_address;
    rows.push([
      "Address given on the payment page",
      capturedAt && a ? (
        <>
          {[a.line1, a.line2, a.city, a.state, a.postal_code, a.country].filter(Boolean).join(", ")} (given <UtcTime value={capturedAt} />)
        </>
      ) : (
        "—"
      ),
    ]);
  }
  if (options.captureDelivery || location) {
    rows.push([
      "Delivery location",
      location ? (
        <a className={link} href={osmUrl(location)}>
          {location.latitude}, {location.longitude} on OpenStreetMap
        </a>
      ) : (
        "—"
      ),
    ]);
  }
  return rows;
}
