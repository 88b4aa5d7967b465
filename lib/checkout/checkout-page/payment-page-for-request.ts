import "server-only";
import { cache } from "react";
import { appContext } from "@/lib/core/context";
import { loadPaymentPage } from "./load-payment-page";

/**
 * The payment page's data, loaded once per request: the customer pages' root layout (for <html lang dir>) and
 * the page itself both ask for it.
 */
export const paymentPageForRequest = cache((sessionId: string) => loadPaymentPage({ ctx: appContext(), input: { sessionId } }));
