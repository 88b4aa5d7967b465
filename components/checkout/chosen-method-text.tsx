import type { MethodView } from "./checkout-view";

/**
 * Text that follows the chosen payment method by CSS alone, so it is right without scripts too: one copy per
 * method, each shown only while its radio (`data-method-index`, PaymentForm) is checked; the rules are
 * generated for the page's number of methods and hoisted into the head. The same text for every method: just it.
 */
export function ChosenMethodText({ methods, text }: { methods: MethodView[]; text: (method: MethodView) => string }) {
  const texts = methods.map(text);
  if (new Set(texts).size <= 1) return texts[0] ?? null;
  const rules = texts.map((_, i) => `.checkout-page:has(input[data-method-index="${i}"]:checked) [data-for-method="${i}"]{display:inline}`);
  return (
    <>
      <style href={`chosen-method-${texts.length}`} precedence="default">
        {`[data-for-method]{display:none}${rules.join("")}`}
      </style>
      {texts.map((t, i) => (
        <span key={methods[i]!.code} data-for-method={i}>
          {t}
        </span>
      ))}
    </>
  );
}
