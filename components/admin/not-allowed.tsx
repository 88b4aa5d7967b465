import Link from "next/link";

/** What a signed-in user without the right sees instead of a superuser's screen. */
export function NotAllowed({ what }: { what: string }) {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-semibold">Not allowed</h1>
      <p className="mt-4">Only a superuser may manage {what}.</p>
      <p className="mt-2">
        <Link href="/admin" className="text-blue-800 underline">
          Back to the admin panel
        </Link>
      </p>
    </main>
  );
}
