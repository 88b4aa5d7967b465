import Link from "next/link";

export default function Home() {
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-semibold">Checkout service</h1>
      <p className="mt-2 text-slate-600">Payment transactions over a REST API, paid on a hosted page.</p>
      <ul className="mt-6 list-disc space-y-1 pl-6">
        <li>
          <Link className="text-blue-700 underline" href="/admin">
            Admin panel
          </Link>
        </li>
        <li>
          {/* A JSON route, not a page: the lint rule takes app/api/[[...path]]/route.ts (the API's JSON 404) for pages. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a className="text-blue-700 underline" href="/api/health">
            Health
          </a>
        </li>
      </ul>
    </main>
  );
}
