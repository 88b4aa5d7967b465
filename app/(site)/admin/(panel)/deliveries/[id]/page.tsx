import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DeliveryCard, deliveryTitle } from "@/components/admin/delivery-card";
import { link, section } from "@/components/admin/panel-styles";
import { ResendWebhookButton } from "@/components/admin/resend-webhook-button";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";
import { appContext } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { getDelivery } from "@/lib/delivery/webhooks/get-delivery";
import { retryDeliveriesAction } from "../actions";

export const metadata: Metadata = { title: "Webhook delivery · Checkout admin" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ confirm?: string | string[] }> };

/**
 * One webhook delivery: its body, every try with the headers sent, the answer and the cause of a failure, and
 * Resend. `?confirm=resend` is Resend's confirmation step for browsers without scripts (with them, a dialog).
 */
export default async function DeliveryPage({ params, searchParams }: Props) {
  const admin = await signedInAdmin();
  const { id } = await params;
  const { confirm } = await searchParams;
  const found = await getDelivery({ ctx: appContext(), input: { caller: admin, id } }).catch((error: unknown) => {
    if (error instanceof NotFound) notFound();
    throw error;
  });
  const { delivery } = found;
  const title = deliveryTitle(delivery);
  const transaction = found.order_no ?? `${found.session_id.slice(0, 12)}…`;
  return (
    <main>
      <p className="text-sm">
        <Link className={link} href={`/admin/transactions/${found.session_id}`}>
          Transaction {transaction}
        </Link>
        {" · "}
        <Link className={link} href="/admin/deliveries">
          Failing deliveries
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-semibold">
        {title} <span className="text-base font-normal">of transaction {transaction}</span>
      </h1>
      {confirm === "resend" ? (
        <section aria-labelledby="confirm-resend" className="mt-4 rounded border border-amber-500 bg-amber-50 p-4">
          <h2 id="confirm-resend" className="text-lg font-semibold">
            Resend {title}?
          </h2>
          <p className="mt-2 text-sm">
            The same event is posted again now to <span className="font-mono break-all">{delivery.url}</span>: the same body and webhook-id,
            signed afresh.
          </p>
          <ResendWebhookButton deliveryId={delivery.id} label="Resend" action={retryDeliveriesAction} />
          <p className="mt-3 text-sm">
            <Link className={link} href={`/admin/deliveries/${delivery.id}`}>
              Go back without resending
            </Link>
          </p>
        </section>
      ) : null}
      <div className={section}>
        <DeliveryCard delivery={delivery} resend={retryDeliveriesAction} linkToPage={false} />
      </div>
    </main>
  );
}
