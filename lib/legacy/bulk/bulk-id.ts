import { createHash } from "node:crypto";

/**
 * A bulk upload's id: from the uploader and the file's content, so that the same uploader sending the same file
 * again names the same rows (bulk_id, line) and creates none of them twice, while another uploader's upload of
 * the same bytes is another bulk that never meets the first one's rows. 16 bytes of SHA-256, as hex.
 */
export const bulkIdOf = (uploaderId: string, bytes: Uint8Array): string =>
  createHash("sha256").update(`uploader:${uploaderId}\0`).update(bytes).digest("hex").slice(0, 32);

/** The id bulks had before it named the uploader (the file's content only): their rows are still found by it. */
export const contentOnlyBulkIdOf = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex").slice(0, 32);
