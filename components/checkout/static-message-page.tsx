import Head from "next/head";

/** A page without data (404, 500): the message in English and in Arabic, since the language is not known. */
export function StaticMessagePage({
  en,
  ar,
}: {
  en: { title: string; body: string };
  ar: { title: string; body: string };
}) {
  return (
    <main className="mx-auto w-full max-w-md px-4 py-12">
      <Head>
        <title>{en.title}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
      </Head>
      <h1 className="text-2xl font-bold">{en.title}</h1>
      <p className="mt-2 text-slate-700">{en.body}</p>
      <div lang="ar" dir="rtl" className="mt-8 border-t border-slate-200 pt-6">
        <h2 className="text-2xl font-bold">{ar.title}</h2>
        <p className="mt-2 text-slate-700">{ar.body}</p>
      </div>
    </main>
  );
}
