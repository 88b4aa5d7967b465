// The panel's look in one place: buttons (with a visible keyboard focus), links and tables.

export const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

export const primaryButton = `rounded bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800 aria-disabled:opacity-60 ${focusRing}`;
export const secondaryButton = `rounded border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-100 ${focusRing}`;
export const dangerButton = `rounded bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 aria-disabled:opacity-60 ${focusRing}`;
export const link = `text-blue-800 underline hover:text-blue-950 ${focusRing}`;

export const table = "mt-3 w-full border-collapse text-left text-sm";
export const th = "border-b border-slate-300 px-2 py-2 align-bottom font-semibold";
export const td = "border-b border-slate-200 px-2 py-2 align-top";
export const section = "mt-8";
export const h2 = "text-lg font-semibold";
export const muted = "text-sm text-slate-700";
