import type { PageConfig } from "next";
import { PaymentNotFound } from "@/components/checkout/payment-not-found";

// Next 16 answers unmatched URLs with the App Router's not-found page when app/ exists; the payment and sandbox
// pages render <PaymentNotFound /> themselves with status 404 (lib/http/not-found-props.ts). This static page
// serves the Pages Router's own 404s.
export const config: PageConfig = { unstable_runtimeJS: false };

export default function NotFoundPage() {
  return <PaymentNotFound />;
}
