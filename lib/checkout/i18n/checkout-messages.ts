import type { PageFieldProblem } from "@/lib/checkout/page-fields/page-field-problem";
import type { DeclineReason } from "@/lib/gateways/decline-reason";
import { type Language, LOCALES } from "./format-money";

/** The agreement's frequency values (lib/checkout/transactions/agreement-schema.ts). */
export type AgreementFrequency = "irregular" | "daily" | "weekly" | "monthly" | "quarterly" | "semi_annually" | "yearly" | "other";

/**
 * The pieces of the auto_debit consent (lib/checkout/checkout-page/agreement-summary.ts puts them together). Counts come
 * as a number, for the plural, and as written in the page's digits.
 */
export interface AgreementMessages {
  /** The words before and after the agreement's id (shown isolated, as it may be written in another script). */
  lead: (merchant: string) => [before: string, after: string];
  sameAmount: (amount: string) => string;
  varyingAmountUpTo: (max: string) => string;
  varyingAmount: string;
  everyDays: (n: number, written: string) => string;
  /** null: the frequency says nothing the interval does not ("other"). */
  frequencies: Record<AgreementFrequency, string | null>;
  times: (n: number, written: string) => string;
  instalments: (n: number, written: string) => string;
  whenNeeded: string;
  afterEvent: string;
  fromUntil: (from: string, until: string) => string;
  from: (from: string) => string;
  until: (until: string) => string;
  onBehalfOf: (seller: string) => string;
  cardSaved: string;
  /** Between the terms when written as one sentence. */
  separator: string;
}

/** The fields a legacy transaction's page asks for before paying (capture_address, capture_delivery). */
export interface CaptureMessages {
  addressLegend: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  country: string;
  chooseCountry: string;
  postalCode: string;
  deliveryLegend: string;
  deliveryHint: string;
  /** Shown once the map works (scripts and Leaflet loaded). */
  mapHint: string;
  mapLabel: string;
  mapUnavailable: string;
  latitude: string;
  longitude: string;
  errorSummary: string;
  problems: Record<Exclude<PageFieldProblem, "tooLong">, string> & { tooLong: (max: number) => string };
}

/** Every string the customer's payment and result pages show, in English and Arabic. */
export interface CheckoutMessages {
  pageTitle: (merchant: string) => string;
  logoAlt: (merchant: string) => string;
  amountToPay: string;
  /** Under the amount to pay when the chosen method adds a fee. */
  orderAmountWithFee: (amount: string, fee: string) => string;
  /** What is being paid for (product_type). */
  paymentFor: string;
  orderNo: string;
  /** The merchant's due date (due_datetime), beside the amount. */
  due: string;
  chooseMethod: string;
  includesFee: (fee: string) => string;
  noFee: string;
  pay: string;
  payAmount: (amount: string) => string;
  processing: string;
  testMode: string;
  secureNote: string;
  lastDeclined: (reason: string) => string;
  /** Why a card was declined, with what the customer can do about it. */
  declineReasons: Record<DeclineReason, string>;
  lastCanceled: string;
  methodUnavailable: string;
  /** The expired page's text when the merchant has a support contact (shown below it). */
  expiredBody: (merchant: string) => string;
  results: Record<ResultKind, { title: string; body: string }>;
  referenceNumber: string;
  amount: string;
  date: string;
  method: string;
  /** The gateway's message on a legacy transaction's response page. */
  message: string;
  tryAgain: string;
  backToPayment: string;
  returnTo: (merchant: string) => string;
  /** The way back to the merchant from a payment that did not (or not yet) go through. */
  backTo: (merchant: string) => string;
  support: (merchant: string) => string;
  email: string;
  phone: string;
  /** save_card: the notice above the Pay button; with a zero amount, the button and what is charged. */
  saveCardNotice: (merchant: string) => string;
  saveCard: string;
  nothingCharged: string;
  agreement: AgreementMessages;
  capture: CaptureMessages;
}

export type ResultKind =
  | "paid"
  | "authorized"
  | "declined"
  /** A legacy transaction's declined payment: it ends there, no retry. */
  | "failed"
  | "canceled"
  /** A legacy transaction's payment the customer canceled: it ends there, no retry. */
  | "abandoned"
  | "error"
  | "expired"
  | "pending"
  | "superseded"
  | "duplicate"
  | "closed";

const arabicPlural = new Intl.PluralRules(LOCALES.ar);
/** An Arabic counted noun: `forms` by plural category (one, two, few, many, other). */
const arabicCount = (n: number, forms: Record<"one" | "two" | "few" | "many" | "other", string>) => {
  const category = arabicPlural.select(n);
  return category in forms ? forms[category as keyof typeof forms] : forms.other;
};

const en: CheckoutMessages = {
  pageTitle: (merchant) => `Pay ${merchant}`,
  logoAlt: (merchant) => `${merchant} logo`,
  amountToPay: "Amount to pay",
  orderAmountWithFee: (amount, fee) => `Order amount ${amount} + fee ${fee}`,
  paymentFor: "Payment for",
  orderNo: "Order number",
  due: "Due",
  chooseMethod: "Choose a payment method",
  includesFee: (fee) => `Includes a fee of ${fee}`,
  noFee: "No fee",
  pay: "Pay",
  payAmount: (amount) => `Pay ${amount}`,
  processing: "Processing…",
  testMode: "Test mode",
  secureNote: "You will enter your card details on the payment provider's secure page.",
  lastDeclined: (reason) => `Your payment was declined. ${reason}`,
  declineReasons: {
    insufficient_funds: "The card has insufficient funds: try another card, or add funds and try again.",
    card_expired: "The card has expired: try another card.",
    check_details: "Some card details were not accepted: check the card number, expiry date and CVV, then try again.",
    try_later: "The bank could not be reached: try again in a few minutes.",
    another_card: "The bank declined the card: try another card, or contact your bank.",
  },
  lastCanceled: "You canceled the payment. You can try again.",
  methodUnavailable: "This payment method is not available right now. Choose another one or try again later.",
  expiredBody: (merchant) => `The time to pay has passed. Please contact ${merchant} for a new payment link.`,
  results: {
    paid: { title: "Payment successful", body: "Thank you. Your payment has been received." },
    authorized: { title: "Payment approved", body: "Thank you. Your payment has been approved." },
    declined: { title: "Payment declined", body: "Your payment was declined. No payment was taken. You can try again." },
    failed: { title: "Payment declined", body: "Your payment was declined. No payment was taken." },
    canceled: { title: "Payment canceled", body: "You canceled the payment. You can try again." },
    abandoned: { title: "Payment canceled", body: "You canceled the payment. No payment was taken." },
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
  message: "Message",
  tryAgain: "Try again",
  backToPayment: "Back to the payment",
  returnTo: (merchant) => `Return to ${merchant}`,
  backTo: (merchant) => `Back to ${merchant}`,
  support: (merchant) => `Questions about this payment? Contact ${merchant}.`,
  email: "Email",
  phone: "Phone",
  saveCardNotice: (merchant) => `Your card will be saved for faster payments with ${merchant}.`,
  saveCard: "Save card",
  nothingCharged: "Nothing is charged now: your bank only checks the card.",
  agreement: {
    lead: (merchant) => [`By paying, you agree that ${merchant} may charge this card later without asking you again, under agreement `, ":"],
    sameAmount: (amount) => `the same amount, ${amount}, each time`,
    varyingAmountUpTo: (max) => `a varying amount, at most ${max} each time`,
    varyingAmount: "a varying amount",
    everyDays: (n, written) => (n === 1 ? "every day" : `every ${written} days`),
    frequencies: {
      irregular: "at irregular intervals",
      daily: "daily",
      weekly: "weekly",
      monthly: "monthly",
      quarterly: "quarterly",
      semi_annually: "twice a year",
      yearly: "yearly",
      other: null,
    },
    times: (n, written) => (n === 1 ? "once" : `${written} times`),
    instalments: (n, written) => (n === 1 ? "in 1 instalment" : `in ${written} instalments`),
    whenNeeded: "when needed",
    afterEvent: "after an agreed event",
    fromUntil: (from, until) => `from ${from} until ${until}`,
    from: (from) => `from ${from}`,
    until: (until) => `until ${until}`,
    onBehalfOf: (seller) => `on behalf of ${seller}`,
    cardSaved: "Your card will be saved with the payment provider for these charges.",
    separator: "; ",
  },
  capture: {
    addressLegend: "Your address",
    line1: "Address line 1",
    line2: "Address line 2 (optional)",
    city: "City",
    state: "State or region",
    country: "Country",
    chooseCountry: "Choose a country",
    postalCode: "Postal code",
    deliveryLegend: "Delivery location",
    deliveryHint: "Enter the latitude and longitude of the place to deliver to.",
    mapHint: "Or click the map to mark the place: its latitude and longitude fill in.",
    mapLabel: "Map for marking the delivery location",
    mapUnavailable: "The map could not load. You can still type the latitude and longitude.",
    latitude: "Latitude",
    longitude: "Longitude",
    errorSummary: "Some fields need your attention: see the message under each.",
    problems: {
      required: "This field is required.",
      tooLong: (max) => `Use at most ${max} characters.`,
      unstorable: "Remove the unsupported characters.",
      country: "Choose a country from the list.",
      postalCode: "Use digits only, at most 12.",
      latitude: "Enter a latitude between -90 and 90.",
      longitude: "Enter a longitude between -180 and 180.",
    },
  },
};

const ar: CheckoutMessages = {
  pageTitle: (merchant) => `الدفع إلى ${merchant}`,
  logoAlt: (merchant) => `شعار ${merchant}`,
  amountToPay: "المبلغ المطلوب",
  orderAmountWithFee: (amount, fee) => `مبلغ الطلب ${amount} + رسوم ${fee}`,
  paymentFor: "مقابل",
  orderNo: "رقم الطلب",
  due: "تاريخ الاستحقاق",
  chooseMethod: "اختر طريقة الدفع",
  includesFee: (fee) => `يشمل رسومًا بقيمة ${fee}`,
  noFee: "بدون رسوم",
  pay: "ادفع",
  payAmount: (amount) => `ادفع ${amount}`,
  processing: "جارٍ المعالجة…",
  testMode: "وضع الاختبار",
  secureNote: "ستُدخل بيانات بطاقتك في الصفحة الآمنة لمزوّد خدمة الدفع.",
  lastDeclined: (reason) => `تم رفض عملية الدفع. ${reason}`,
  declineReasons: {
    insufficient_funds: "رصيد البطاقة غير كافٍ: جرّب بطاقة أخرى، أو أضف رصيدًا وحاول مرة أخرى.",
    card_expired: "انتهت صلاحية البطاقة: جرّب بطاقة أخرى.",
    check_details: "لم تُقبل بعض بيانات البطاقة: تحقّق من رقم البطاقة وتاريخ الانتهاء ورمز التحقق، ثم حاول مرة أخرى.",
    try_later: "تعذّر الوصول إلى البنك: حاول مرة أخرى بعد بضع دقائق.",
    another_card: "رفض البنك البطاقة: جرّب بطاقة أخرى، أو تواصل مع البنك.",
  },
  lastCanceled: "لقد ألغيت عملية الدفع. يمكنك المحاولة مرة أخرى.",
  methodUnavailable: "طريقة الدفع هذه غير متاحة حالياً. اختر طريقة أخرى أو حاول مرة أخرى لاحقاً.",
  expiredBody: (merchant) => `انتهت المهلة المحددة للدفع. يُرجى التواصل مع ${merchant} للحصول على رابط دفع جديد.`,
  results: {
    paid: { title: "تم الدفع بنجاح", body: "شكرًا لك، تم استلام دفعتك." },
    authorized: { title: "تمت الموافقة على الدفع", body: "شكرًا لك، تمت الموافقة على دفعتك." },
    declined: { title: "تم رفض الدفع", body: "تم رفض عملية الدفع ولم يُخصم أي مبلغ. يمكنك المحاولة مرة أخرى." },
    failed: { title: "تم رفض الدفع", body: "تم رفض عملية الدفع ولم يُخصم أي مبلغ." },
    canceled: { title: "تم إلغاء الدفع", body: "لقد ألغيت عملية الدفع. يمكنك المحاولة مرة أخرى." },
    abandoned: { title: "تم إلغاء الدفع", body: "لقد ألغيت عملية الدفع ولم يُخصم أي مبلغ." },
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
  message: "الرسالة",
  tryAgain: "حاول مرة أخرى",
  backToPayment: "العودة إلى الدفع",
  returnTo: (merchant) => `العودة إلى ${merchant}`,
  backTo: (merchant) => `الرجوع إلى ${merchant}`,
  support: (merchant) => `لديك سؤال عن هذه الدفعة؟ تواصل مع ${merchant}.`,
  email: "البريد الإلكتروني",
  phone: "الهاتف",
  saveCardNotice: (merchant) => `ستُحفظ بطاقتك لتدفع بسرعة أكبر في المرات القادمة مع ${merchant}.`,
  saveCard: "احفظ البطاقة",
  nothingCharged: "لن يُخصم أي مبلغ الآن، سيتحقق البنك من البطاقة فقط.",
  agreement: {
    lead: (merchant) => [`بإتمامك الدفع، توافق على أن يخصم ${merchant} من هذه البطاقة لاحقًا دون الرجوع إليك، وفق الاتفاقية `, ":"],
    sameAmount: (amount) => `المبلغ نفسه، ${amount}، في كل مرة`,
    varyingAmountUpTo: (max) => `مبلغ متغيّر، بحدّ أقصى ${max} في كل مرة`,
    varyingAmount: "مبلغ متغيّر",
    everyDays: (n, written) =>
      arabicCount(n, { one: "كل يوم", two: "كل يومين", few: `كل ${written} أيام`, many: `كل ${written} يومًا`, other: `كل ${written} يوم` }),
    frequencies: {
      irregular: "على فترات غير منتظمة",
      daily: "يوميًا",
      weekly: "أسبوعيًا",
      monthly: "شهريًا",
      quarterly: "كل ثلاثة أشهر",
      semi_annually: "مرتين في السنة",
      yearly: "سنويًا",
      other: null,
    },
    times: (n, written) => arabicCount(n, { one: "مرة واحدة", two: "مرتين", few: `${written} مرات`, many: `${written} مرة`, other: `${written} مرة` }),
    instalments: (n, written) =>
      arabicCount(n, { one: "على دفعة واحدة", two: "على دفعتين", few: `على ${written} دفعات`, many: `على ${written} دفعة`, other: `على ${written} دفعة` }),
    whenNeeded: "عند الحاجة",
    afterEvent: "عند وقوع حدث متفق عليه",
    fromUntil: (from, until) => `من ${from} حتى ${until}`,
    from: (from) => `ابتداءً من ${from}`,
    until: (until) => `حتى ${until}`,
    onBehalfOf: (seller) => `نيابةً عن ${seller}`,
    cardSaved: "ستُحفظ بطاقتك لدى مزوّد خدمة الدفع لهذه الدفعات.",
    separator: "؛ ",
  },
  capture: {
    addressLegend: "عنوانك",
    line1: "سطر العنوان 1",
    line2: "سطر العنوان 2 (اختياري)",
    city: "المدينة",
    state: "المحافظة أو المنطقة",
    country: "الدولة",
    chooseCountry: "اختر الدولة",
    postalCode: "الرمز البريدي",
    deliveryLegend: "موقع التوصيل",
    deliveryHint: "أدخل خط العرض وخط الطول للمكان المطلوب التوصيل إليه.",
    mapHint: "أو انقر على الخريطة لتحديد المكان، فيُملأ خط العرض وخط الطول تلقائيًا.",
    mapLabel: "خريطة لتحديد موقع التوصيل",
    mapUnavailable: "تعذّر تحميل الخريطة. لا يزال بإمكانك إدخال خط العرض وخط الطول.",
    latitude: "خط العرض",
    longitude: "خط الطول",
    errorSummary: "بعض الحقول تحتاج إلى تصحيح: راجع الرسالة أسفل كل منها.",
    problems: {
      required: "هذا الحقل مطلوب.",
      tooLong: (max) => {
        const written = new Intl.NumberFormat(LOCALES.ar).format(max);
        return `استخدم ${arabicCount(max, { one: "حرفًا واحدًا", two: "حرفين", few: `${written} أحرف`, many: `${written} حرفًا`, other: `${written} حرف` })} على الأكثر.`;
      },
      unstorable: "احذف الرموز غير المدعومة.",
      country: "اختر دولة من القائمة.",
      postalCode: "استخدم الأرقام فقط، ١٢ رقمًا على الأكثر.",
      // The signed numbers isolated left-to-right, as they are typed.
      latitude: "أدخل خط عرض بين \u2066-90\u2069 و\u206690\u2069.",
      longitude: "أدخل خط طول بين \u2066-180\u2069 و\u2066180\u2069.",
    },
  },
};

const MESSAGES: Record<Language, CheckoutMessages> = { en, ar };

export const checkoutMessages = (language: Language): CheckoutMessages => MESSAGES[language];
