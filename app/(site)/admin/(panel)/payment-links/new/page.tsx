import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import { NotAllowed } from "@/components/admin/not-allowed";
import { PageTitle } from "@/components/admin/page-title";
import { PaymentLinkForm } from "@/components/admin/payment-link-form";
import { mayDo } from "@/lib/access/auth/permissions";
import { UPLOAD_MAX_BYTES } from "@/lib/checkout/attachments/upload-attachment";
import { appContext } from "@/lib/core/context";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";
import { loadNewLinkForm } from "@/lib/panel/payment-links/load-new-link-form";
import { createLinkAction } from "./actions";

export const metadata: Metadata = { title: "New payment link · Checkout admin" };

type SearchParams = Promise<{ currency?: string | string[] }>;

/**
 * A payment link for a customer, without code: a payment request created as the signed-in user with their
 * gateways, then its link, short link and QR code. Only users who may create transactions.
 */
export default async function NewPaymentLinkPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await signedInAdmin();
  if (!mayDo(admin, "create")) {
    return <NotAllowed what="payment links" reason="Only users who may create transactions may create payment links." />;
  }
  const { currency } = await searchParams;
  const form = await loadNewLinkForm({ ctx: appContext(), input: { caller: admin, currency: typeof currency === "string" ? currency : undefined } });
  return (
    <main className="max-w-5xl">
      <PageTitle back={{ href: "/admin/transactions", label: "Transactions" }}>New payment link</PageTitle>
      <p className="mt-2 text-sm text-slate-700">
        A link the customer pays on the payment page, with a short link and a QR code to print or share. It is created as you, on your gateways; you
        can send it now or later.
      </p>
      {form.gateways.length === 0 ? (
        <p role="alert" className="mt-4 rounded border border-amber-600 bg-amber-50 p-3 text-sm">
          No enabled gateway is yours to use, so no link can be paid: ask a superuser to give you one (Users) or to enable one (Gateways).
        </p>
      ) : (
        <PaymentLinkForm form={form} action={createLinkAction} idempotencyKey={randomUUID()} maxAttachmentBytes={UPLOAD_MAX_BYTES} />
      )}
    </main>
  );
}
