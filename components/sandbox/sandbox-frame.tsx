import type { ReactNode } from "react";
import { FlaskIcon } from "@/components/icons/icons";
import { sandboxMessages as t } from "@/lib/checkout/i18n/sandbox-messages";

/** The simulated gateway's own frame: visibly a test gateway, not the merchant's page. */
export function SandboxFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-100">
      <header className="bg-amber-300 text-zinc-950">
        <div className="mx-auto flex w-full max-w-md items-start gap-3 px-4 py-3">
          <FlaskIcon className="mt-0.5 size-6 shrink-0" />
          <div>
            <p className="font-bold">{t.banner}</p>
            <p className="text-sm">{t.bannerNote}</p>
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-md flex-1 px-4 py-6">{children}</main>
    </div>
  );
}

export const sandboxLinkClass =
  "font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900 focus-visible:rounded-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

export const sandboxButtonClass =
  "w-full rounded-md bg-zinc-900 px-4 py-3 text-lg font-semibold text-white hover:bg-zinc-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700 aria-disabled:cursor-progress aria-disabled:bg-zinc-700";

export const sandboxDangerButtonClass = sandboxButtonClass.replace("bg-zinc-900", "bg-red-800").replace("hover:bg-zinc-700", "hover:bg-red-900");

export const sandboxInputClass =
  "mt-1 block w-full rounded-md border-2 border-zinc-500 bg-white px-3 py-2 text-base text-zinc-950 focus-visible:border-blue-700 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-blue-700 aria-[invalid=true]:border-red-700";

/** The payment being paid: whom, how much, the gateway's reference. */
export function PaymentSummary({ merchantName, amount, reference }: { merchantName: string; amount: string; reference: string }) {
  return (
    <div className="rounded-md border border-zinc-300 bg-white p-4">
      <p className="font-medium">{t.payTo(merchantName)}</p>
      <dl>
        <dt className="mt-2 text-sm text-zinc-700">{t.amount}</dt>
        <dd className="text-2xl font-bold tabular-nums">{amount}</dd>
        <dt className="mt-2 text-sm text-zinc-700">{t.reference}</dt>
        <dd className="font-mono text-sm break-all">{reference}</dd>
      </dl>
    </div>
  );
}
