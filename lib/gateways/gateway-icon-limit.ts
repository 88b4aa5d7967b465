// The largest gateway icon accepted, apart from the upload's schema (gateway-icon.ts, zod): the panel's form checks
// a file's size in the browser with it, without shipping the schema to the browser.
export const ICON_MAX_BYTES = 256 * 1024;

/** The refusal of an icon over the limit, the same from the browser's check and from the server's. */
export const ICON_TOO_BIG = `The icon must be at most ${ICON_MAX_BYTES / 1024} KB.`;
