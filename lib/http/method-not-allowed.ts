import { MethodNotAllowed } from "@/lib/core/errors";
import { handleRoute } from "./handle-route";

/** A handler answering 405 with the Allow header for methods a path does not take (on any route, with or without params). */
export const methodNotAllowed = (allow: string[]) =>
  handleRoute<unknown>(async (request) => {
    throw new MethodNotAllowed(allow, request.method);
  });
