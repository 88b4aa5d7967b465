/** Shared class names of the customer pages: visible focus, contrast at least 4.5:1. */
export const linkClass =
  "font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900 focus-visible:rounded-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

export const buttonClass =
  "inline-block w-full rounded-lg bg-blue-700 px-4 py-3 text-center text-lg font-semibold text-white hover:bg-blue-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700 aria-disabled:cursor-progress aria-disabled:bg-blue-800";

export const secondaryButtonClass =
  "inline-block w-full rounded-lg border-2 border-slate-400 bg-white px-4 py-3 text-center text-lg font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/** Text fields and selects of the payment form; a refused one gets a red border as well as its message. */
export const inputClass =
  "mt-1 block w-full rounded-lg border-2 border-slate-500 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700 aria-invalid:border-red-700";
