import { answerStatus } from "@/lib/http/page-status";
import { BilingualMessage } from "./bilingual-message";

export const PAYMENT_NOT_FOUND = {
  en: {
    title: "Payment not found",
    body: "We could not find this payment. Check the link you received, or contact the shop that sent it.",
  },
  ar: {
    title: "لم يتم العثور على عملية الدفع",
    body: "تعذّر العثور على عملية الدفع هذه. تحقّق من الرابط الذي وصلك، أو تواصل مع المتجر الذي أرسله.",
  },
};

/** Unknown session or payment reference: this message, in a 404. */
export function PaymentNotFound() {
  answerStatus(404);
  return <BilingualMessage {...PAYMENT_NOT_FOUND} />;
}
