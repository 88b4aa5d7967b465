import "@/app/globals.css";
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { paymentPageForRequest } from "@/lib/checkout-page/payment-page-for-request";

export const checkoutMetadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The customer pages' root layout: <html lang dir> in the transaction's language (Arabic is right-to-left),
 * English when the session is unknown. The page loads the same data in the same request (cached once).
 */
export async function CheckoutDocument({ sessionId, children }: { sessionId: string; children: ReactNode }) {
  const page = await paymentPageForRequest(sessionId);
  const language = page?.language ?? "en";
  return (
    <html lang={language} dir={language === "ar" ? "rtl" : "ltr"}>
      <body>{children}</body>
    </html>
  );
}
