import { deliverWebhook } from "./deliver-webhook";
import { dispatchEvent } from "./dispatch-event";
import { expireTransaction } from "./expire-transaction";
import { maintenance } from "./maintenance";
import { sendMessage } from "./send-message";
import { settleOperation } from "./settle-operation";

/** Every Inngest function of the service, as served at /api/inngest. */
export const functions = [dispatchEvent, deliverWebhook, sendMessage, expireTransaction, settleOperation, maintenance];

export { deliverWebhook, dispatchEvent, expireTransaction, maintenance, sendMessage, settleOperation };
