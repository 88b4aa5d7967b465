import "@/app/globals.css";
import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { paymentPageForRequest } from "@/lib/checkout/checkout-page/payment-page-for-request";
import { SESSION_HEADER, WEBHOOK_WAITED_HEADER } from "@/lib/checkout/checkout-page/session-header";

export const checkoutMetadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The customer pages' root layout: <html lang dir> in the transaction's language (Arabic is right-to-left),
 * English when the session is unknown. The page loads the same data in the same request (cached once).
 */
export async function CheckoutDocument({ children }: { children: ReactNode }) {
  const request = await headers();
  const page = await paymentPageForRequest(request.get(SESSION_HEADER) ?? "", !request.has(WEBHOOK_WAITED_HEADER));
  const language = page?.language ?? "en";
  return (
    <html lang={language} dir={language === "ar" ? "rtl" : "ltr"}>
      <body>{children}</body>
    </html>
  );
}
