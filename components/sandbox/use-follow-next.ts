import { useEffect } from "react";

/** A full page load of the address a charged card's form was given, as a gateway's own page would do it. */
export function useFollowNext(next: string | undefined): void {
  useEffect(() => {
    if (next) window.location.assign(next);
  }, [next]);
}
