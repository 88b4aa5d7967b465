import { TEST_CARDS, type TestCardNumber } from "@/lib/gateways/sandbox/test-cards";
import { sandboxMessages as t } from "@/lib/checkout/i18n/sandbox-messages";

/** The sandbox's test cards and what each does, as a test-mode gateway page lists them. */
export function TestCards() {
  return (
    <details open className="mt-8 rounded-md border border-zinc-300 bg-white p-4">
      <summary className="cursor-pointer font-bold">{t.testCards}</summary>
      <p className="mt-2 text-sm text-zinc-700">{t.testCardsNote}</p>
      <table className="mt-3 w-full text-sm">
        <thead>
          <tr className="text-start">
            <th scope="col" className="pb-1 text-start font-medium">
              {t.cardNumber}
            </th>
            <th scope="col" className="pb-1 text-start font-medium">
              {t.testCardResult}
            </th>
          </tr>
        </thead>
        <tbody>
          {(Object.keys(TEST_CARDS) as TestCardNumber[]).map((number) => (
            <tr key={number} className="border-t border-zinc-200">
              <td className="py-1.5 pe-3 font-mono whitespace-nowrap select-all">{number.replace(/(\d{4})(?=\d)/g, "$1 ")}</td>
              <td className="py-1.5">{t.testCardNotes[number]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
