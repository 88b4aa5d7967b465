import type { Language } from "./format-money";

/** Every string the customer's payment and result pages show, in English and Arabic. */
export interface CheckoutMessages {
  pageTitle: (merchant: string) => string;
  logoAlt: (merchant: string) => string;
  amountToPay: string;
  orderNo: string;
  chooseMethod: string;
  includesFee: (fee: string) => string;
  noFee: string;
  pay: string;
  payAmount: (amount: string) => string;
  processing: string;
  testMode: string;
  secureNote: string;
  lastDeclined: string;
  lastCanceled: string;
  expiredBody: (merchant: string) => string;
  results: Record<ResultKind, { title: string; body: string }>;
  referenceNumber: string;
  amount: string;
  date: string;
  method: string;
  tryAgain: string;
  backToPayment: string;
  returnTo: (merchant: string) => string;
  support: (merchant: string) => string;
  email: string;
  phone: string;
}

export type ResultKind =
  | "paid"
  | "authorized"
  | "declined"
  | "canceled"
  | "error"
  | "expired"
  | "pending"
  | "superseded"
  | "duplicate"
  | "closed";

const en: CheckoutMessages = {
  pageTitle: (merchant) => `Pay ${merchant}`,
  logoAlt: (merchant) => `${merchant} logo`,
  amountToPay: "Amount to pay",
  orderNo: "Order number",
  chooseMethod: "Choose a payment method",
  includesFee: (fee) => `Includes a fee of ${fee}`,
  noFee: "No fee",
  pay: "Pay",
  payAmount: (amount) => `Pay ${amount}`,
  processing: "Processing…",
  testMode: "Test mode",
  secureNote: "You will enter your card details on the payment provider's secure page.",
  lastDeclined: "Your payment was declined. You can try again.",
  lastCanceled: "You canceled the payment. You can try again.",
  expiredBody: (merchant) => `The time to pay has passed. Please contact ${merchant} for a new payment link.`,
  results: {
    paid: { title: "Payment successful", body: "Thank you. Your payment has been received." },
    authorized: { title: "Payment approved", body: "Thank you. Your payment has been approved." },
    declined: { title: "Payment declined", body: "Your payment was declined. No payment was taken. You can try again." },
    canceled: { title: "Payment canceled", body: "You canceled the payment. You can try again." },
    error: { title: "Payment failed", body: "The payment could not be completed because of a processing error." },
    expired: { title: "This payment link has expired", body: "The time to pay has passed." },
    pending: {
      title: "Waiting for the bank",
      body: "We are waiting for the bank's answer. This page updates by itself every few seconds.",
    },
    superseded: {
      title: "This payment attempt was replaced",
      body: "A newer payment for this order was started, in this window or another one. Nothing was charged for this attempt.",
    },
    duplicate: {
      title: "This second charge is being returned",
      body: "This order was already paid or closed, so this charge is being returned to your card automatically. You do not need to do anything.",
    },
    closed: { title: "This payment is closed", body: "This payment can no longer be made." },
  },
  referenceNumber: "Reference number",
  amount: "Amount",
  date: "Date",
  method: "Payment method",
  tryAgain: "Try again",
  backToPayment: "Back to the payment",
  returnTo: (merchant) => `Return to ${merchant}`,
  support: (merchant) => `Questions about this payment? Contact ${merchant}.`,
  email: "Email",
  phone: "Phone",
};

const ar: CheckoutMessages = {
  pageTitle: (merchant) => `الدفع إلى ${merchant}`,
  logoAlt: (merchant) => `شعار ${merchant}`,
  amountToPay: "المبلغ المطلوب",
  orderNo: "رقم الطلب",
  chooseMethod: "اختر طريقة الدفع",
  includesFee: (fee) => `يشمل رسومًا بقيمة ${fee}`,
  noFee: "بدون رسوم",
  pay: "ادفع",
  payAmount: (amount) => `ادفع ${amount}`,
  processing: "جارٍ المعالجة…",
  testMode: "وضع الاختبار",
  secureNote: "ستُدخل بيانات بطاقتك في الصفحة الآمنة لمزوّد خدمة الدفع.",
  lastDeclined: "تم رفض عملية الدفع. يمكنك المحاولة مرة أخرى.",
  lastCanceled: "لقد ألغيت عملية الدفع. يمكنك المحاولة مرة أخرى.",
  expiredBody: (merchant) => `انتهت المهلة المحددة للدفع. يُرجى التواصل مع ${merchant} للحصول على رابط دفع جديد.`,
  results: {
    paid: { title: "تم الدفع بنجاح", body: "شكرًا لك، تم استلام دفعتك." },
    authorized: { title: "تمت الموافقة على الدفع", body: "شكرًا لك، تمت الموافقة على دفعتك." },
    declined: { title: "تم رفض الدفع", body: "تم رفض عملية الدفع ولم يُخصم أي مبلغ. يمكنك المحاولة مرة أخرى." },
    canceled: { title: "تم إلغاء الدفع", body: "لقد ألغيت عملية الدفع. يمكنك المحاولة مرة أخرى." },
    error: { title: "تعذّر إتمام الدفع", body: "تعذّر إتمام عملية الدفع بسبب خطأ في المعالجة." },
    expired: { title: "انتهت صلاحية رابط الدفع", body: "انتهت المهلة المحددة للدفع." },
    pending: { title: "بانتظار رد البنك", body: "ننتظر رد البنك على عملية الدفع. تتحدّث هذه الصفحة تلقائيًا كل بضع ثوانٍ." },
    superseded: {
      title: "تم استبدال محاولة الدفع هذه",
      body: "بدأت عملية دفع أحدث لهذا الطلب، في هذه النافذة أو في نافذة أخرى. لم يُخصم أي مبلغ في هذه المحاولة.",
    },
    duplicate: {
      title: "يجري إرجاع هذا الخصم الثاني",
      body: "هذا الطلب مدفوع أو مغلق مسبقًا، لذلك يجري إرجاع هذا المبلغ إلى بطاقتك تلقائيًا. لا يلزمك القيام بأي إجراء.",
    },
    closed: { title: "عملية الدفع هذه مغلقة", body: "لم يعد بالإمكان إتمام هذه الدفعة." },
  },
  referenceNumber: "الرقم المرجعي",
  amount: "المبلغ",
  date: "التاريخ",
  method: "طريقة الدفع",
  tryAgain: "حاول مرة أخرى",
  backToPayment: "العودة إلى الدفع",
  returnTo: (merchant) => `العودة إلى ${merchant}`,
  support: (merchant) => `لديك سؤال عن هذه الدفعة؟ تواصل مع ${merchant}.`,
  email: "البريد الإلكتروني",
  phone: "الهاتف",
};

const MESSAGES: Record<Language, CheckoutMessages> = { en, ar };

export const checkoutMessages = (language: Language): CheckoutMessages => MESSAGES[language];
