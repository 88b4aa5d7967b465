// Small builders the path files share: references into components, the two security schemes, and the
// reusable error responses by name.

export const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** `Authorization: Api-Key <key>`, or HTTP Basic with an admin-panel user. */
export const AUTH = [{ ApiKey: [] }, { Basic: [] }];

const STATUS = {
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  MethodNotAllowed: 405,
  Conflict: 409,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  TooManyRequests: 429,
  InternalError: 500,
} as const;

export type ErrorResponseName = keyof typeof STATUS;

/** `components/responses` entries by name, keyed by their status code. */
export const errors = (...names: ErrorResponseName[]) => Object.fromEntries(names.map((n) => [STATUS[n], ref("responses", n)]));
