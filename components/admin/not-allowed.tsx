/** What a signed-in user without the right sees instead of a superuser's screen. */
export function NotAllowed({ what }: { what: string }) {
  return (
    <main>
      <h1 className="text-2xl font-semibold">Not allowed</h1>
      <p className="mt-4">Only a superuser may manage {what}. Ask a superuser of this service if you need access.</p>
    </main>
  );
}
