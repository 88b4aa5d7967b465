import type { ReactNode } from "react";

export interface MessageText {
  title: string;
  body: string;
}

/** A page without data (not found, error): the message in English and in Arabic, since the language is unknown. */
export function BilingualMessage({ en, ar, children }: { en: MessageText; ar: MessageText; children?: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-2xl font-bold">{en.title}</h1>
      <p className="mt-2 text-slate-700">{en.body}</p>
      <div lang="ar" dir="rtl" className="mt-8 border-t border-slate-200 pt-6">
        <h2 className="text-2xl font-bold">{ar.title}</h2>
        <p className="mt-2 text-slate-700">{ar.body}</p>
      </div>
      {children}
    </main>
  );
}
