import { useEffect, useSyncExternalStore } from "react";

const never = () => () => {};

/** A full page load of the address a charged card's form was given, as a gateway's own page would do it. */
export function useFollowNext(next: string | undefined): void {
  useEffect(() => {
    if (next) window.location.assign(next);
  }, [next]);
}

/**
 * Tells the card form's action that this page's script sends the form (present only once the script runs), so
 * that it answers with the address to load rather than a redirect Next.js would fetch itself.
 */
export function ScriptedField() {
  // false in the server's markup and while hydrating, true once the script runs.
  const scripted = useSyncExternalStore(never, () => true, () => false);
  return scripted ? <input type="hidden" name="scripted" value="1" /> : null;
}
