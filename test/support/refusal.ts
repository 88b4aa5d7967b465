import { expect } from "vitest";

/** The error a call is refused with; fails the test when the call succeeds instead. */
export function refusal(call: Promise<unknown>): Promise<Error> {
  return call.then(
    () => expect.unreachable("the call should have been refused"),
    (error: unknown) => error as Error,
  );
}
