import type { GatewayAdapter } from "@/lib/gateways/adapter";
import { inquireMpgs } from "./mpgs-inquiry";
import { mpgsReferenceOf, verifyMpgsMessage } from "./mpgs-messages";
import { inquireMpgsOperation, operateAtMpgs } from "./mpgs-operations";
import { mpgsPaymentPage } from "./mpgs-payment-page";
import { mpgsCredentialErrors } from "./mpgs-setting";
import { startMpgsPayment } from "./start-mpgs-payment";

/**
 * Mastercard Payment Gateway Services (pg "mpgs"), the gateway most Gulf banks acquire Visa and Mastercard through:
 * a Hosted Checkout session per attempt, results from retrieving the order after the customer's return or MPGS's
 * webhook notification, refund / capture / void through its REST API. See docs/gateways/mpgs.md.
 */
export const mpgsAdapter: GatewayAdapter = {
  features: { tokenization: false, zeroAuthorization: false, operations: ["refund", "capture", "void"], framedPage: false },
  credentialErrors: mpgsCredentialErrors,
  // MPGS sends a notification for every transaction of the merchant and retries one not answered 2xx.
  resendsUntilAcknowledged: true,
  startPayment: startMpgsPayment,
  paymentPage: mpgsPaymentPage,
  referenceOf: mpgsReferenceOf,
  verifyMessage: verifyMpgsMessage,
  // A Hosted Checkout session has no call to end it: once the customer has its page, only MPGS's answer ends it.
  releasePayment: async () => "busy",
  inquire: (ctx, gateway, reference, { settle, customerLeft }) => inquireMpgs(ctx, gateway, reference, { settle, customerLeft: customerLeft ?? false }),
  operate: operateAtMpgs,
  inquireOperation: (ctx, gateway, reference) => inquireMpgsOperation(ctx, gateway, reference),
};
