import { answerStatus } from "@/lib/http/page-status";

/**
 * What a signed-in user without the right sees instead of a superuser's screen; the response is a 403. `reason`
 * replaces the sentence about superusers when another right is missing.
 */
export function NotAllowed({ what, reason }: { what: string; reason?: string }) {
  answerStatus(403);
  return (
    <main>
      <h1 className="text-2xl font-semibold">Not allowed</h1>
      <p className="mt-4">{reason ?? `Only a superuser may manage ${what}.`} Ask a superuser of this service if you need access.</p>
    </main>
  );
}
