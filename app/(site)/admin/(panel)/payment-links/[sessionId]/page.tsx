import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageTitle } from "@/components/admin/page-title";
import { link as linkStyle, muted } from "@/components/admin/panel-styles";
import { PaymentLinkPanel } from "@/components/admin/payment-link-panel";
import { UtcTime } from "@/components/admin/utc-time";
import { appContext } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { formatAmount } from "@/lib/core/money/decimal";
import { CHANNEL_NAMES, CHANNELS } from "@/lib/delivery/notifications/channels";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";
import { loadPaymentLink } from "@/lib/panel/payment-links/load-payment-link";
import { sendLinkAgainAction } from "./actions";

export const metadata: Metadata = { title: "Payment link · Checkout admin" };

type Props = { params: Promise<{ sessionId: string }> };

/**
 * A payment link after it is made: what it asks for and from whom, its link and short link to copy, its QR code
 * (PNG and SVG) and "Send again". Not found (404) for one naming a gateway the user may not use.
 */
export default async function PaymentLinkPage({ params }: Props) {
  const admin = await signedInAdmin();
  const { sessionId } = await params;
  const { txn, decimals, link } = await loadPaymentLink({ ctx: appContext(), input: { caller: admin, sessionId } }).catch((error: unknown) => {
    if (error instanceof NotFound) notFound();
    throw error;
  });
  const customer = [[txn.customer_first_name, txn.customer_last_name].filter(Boolean).join(" "), txn.customer_email, txn.customer_phone].filter(Boolean);
  const sentBy = CHANNELS.filter((channel) => txn.notifications[channel]?.includes("created")).map((channel) => CHANNEL_NAMES[channel]);
  return (
    <main className="max-w-5xl">
      <PageTitle back={{ href: "/admin/payment-links/new", label: "New payment link" }}>Payment link</PageTitle>
      <p className="mt-2 text-lg">
        <strong>
          {txn.currency_code} {formatAmount(txn.amount, decimals)}
        </strong>
        {txn.product_type ? ` for ${txn.product_type}` : ""}
        {txn.order_no ? ` · order ${txn.order_no}` : ""}
      </p>
      <p className={`mt-1 ${muted}`}>
        {customer.length ? `From ${customer.join(", ")}. ` : ""}Can be paid until <UtcTime value={txn.expires_at} />.{" "}
        {sentBy.length ? `Sent by ${sentBy.join(" and ")} when created (see the transaction's messages).` : "Not sent: share the link or the QR code."}
      </p>
      <section aria-labelledby="link-heading" className="mt-6">
        <h2 id="link-heading" className="text-lg font-semibold">
          Link and QR code
        </h2>
        <PaymentLinkPanel link={link} sendAgain={sendLinkAgainAction} />
      </section>
      <p className="mt-8 flex flex-wrap gap-4 text-sm">
        <Link href={`/admin/transactions/${txn.session_id}`} className={linkStyle}>
          Open the transaction
        </Link>
        <Link href="/admin/payment-links/new" className={linkStyle}>
          Create another payment link
        </Link>
      </p>
    </main>
  );
}
