import { sandboxMessages as t } from "@/lib/checkout/i18n/sandbox-messages";

/** Announced when a refused form comes back; each field says what is wrong with it. */
export function ErrorSummary() {
  return (
    <p role="alert" className="mt-3 rounded-md border-2 border-red-700 bg-red-50 p-3 font-medium text-red-900">
      {t.errorSummary}
    </p>
  );
}
