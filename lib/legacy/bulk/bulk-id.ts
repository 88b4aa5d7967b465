import { createHash } from "node:crypto";

/**
 * A bulk upload's id: from the file's content, so that uploading the same file again names the same rows
 * (bulk_id, line) and creates none of them twice. 16 bytes of SHA-256, as hex: no two files share one in practice.
 */
export const bulkIdOf = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex").slice(0, 32);
