import type { GatewayAdapter } from "@/lib/gateways/adapter";
import { Conflict } from "@/lib/core/errors";
import { unsupportedOperationMessage } from "@/lib/gateways/unsupported-operation";
import { inquireKnet } from "./knet-inquiry";
import { verifyKnetMessage, knetReferenceOf } from "./knet-message";
import { knetCredentialErrors, knetCredentials, knetErrorUrl, knetHost, knetResponseUrl } from "./knet-setting";
import { knetPaymentPageUrl } from "./payment-request";
import { askKnet } from "./transaction-service";

/**
 * KNET, Kuwait's debit network, through its bank-hosted payment page (pg "knet"; docs/gateways/knet.md). Purchase
 * only, KWD only. Refunds are done in KNET's merchant portal: its kit's refund cannot be sent safely twice.
 */
export const knetAdapter: GatewayAdapter = {
  features: { tokenization: false, zeroAuthorization: false, operations: [], framedPage: false },

  credentialErrors: knetCredentialErrors,

  async startPayment(_ctx, input) {
    if (input.currencyCode !== "KWD") {
      throw new Conflict(`KNET takes payments in KWD only; gateway setting ${input.gateway.code} cannot take ${input.currencyCode}.`);
    }
    const credentials = knetCredentials(input.gateway);
    const host = knetHost(input.gateway);
    // The customer's browser talks to KNET, not us: ask its transaction service first, so that a KNET that is
    // down sends the customer back to the payment page (GatewayUnavailable) instead of to a dead page.
    await askKnet(host, credentials, { action: "8", amount: input.amount, trackId: input.referenceNumber });
    const redirectUrl = knetPaymentPageUrl(host, credentials, {
      amount: input.amount,
      trackId: input.referenceNumber,
      language: input.language,
      responseUrl: knetResponseUrl(input.referenceNumber),
      errorUrl: knetErrorUrl(input.referenceNumber),
      udf: [input.referenceNumber, input.vendorName],
    });
    return { redirectUrl, gatewayResponse: { result: "INITIALIZED", trackid: input.referenceNumber } };
  },

  referenceOf: knetReferenceOf,

  verifyMessage: verifyKnetMessage,

  // KNET's server follows the body's address with the customer's browser.
  answerCallback: ({ resultUrl }) => new Response(`REDIRECT=${resultUrl}`, { headers: { "content-type": "text/plain; charset=utf-8" } }),

  // KNET has no call to stop a payment: once the customer was sent to its page, only its answer ends it.
  releasePayment: async () => "busy",

  inquire: (ctx, gateway, reference) => inquireKnet(ctx, gateway, reference),

  // Never called for a refund the API asks for (features.operations is empty); a duplicate payment's automatic
  // give-back lands here and fails with the same sentence, for the merchant to refund in KNET's portal.
  operate: async (_ctx, gateway, input) => ({ outcome: "failed", message: unsupportedOperationMessage(input.kind, gateway), gatewayResponse: {} }),

  inquireOperation: async () => null,
};
