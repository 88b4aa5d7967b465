/** The embedded checkout frame's words, in English and Arabic. */
export const FRAME_MESSAGES = {
  en: {
    title: "Checkout",
    method: "Payment method",
    fee: "fee",
    pay: (total: string) => `Pay ${total}`,
    retry: "The last payment did not go through: choose a method and try again.",
    refused: "The checkout cannot be shown",
    redirecting: (name: string) => `Taking you to ${name}…`,
    continue: "Continue",
    savedCards: "Your saved cards (choose one on the next page):",
  },
  ar: {
    title: "الدفع",
    method: "طريقة الدفع",
    fee: "رسوم",
    pay: (total: string) => `ادفع ${total}`,
    retry: "لم تتم عملية الدفع السابقة: اختر طريقة وحاول مرة أخرى.",
    refused: "لا يمكن عرض صفحة الدفع",
    redirecting: (name: string) => `جارٍ تحويلك إلى ${name}…`,
    continue: "متابعة",
    savedCards: "بطاقاتك المحفوظة (اختر إحداها في الصفحة التالية):",
  },
} as const;

export type FrameLanguage = keyof typeof FRAME_MESSAGES;

export const frameLanguage = (lang: string | null): FrameLanguage => (lang === "ar" ? "ar" : "en");
