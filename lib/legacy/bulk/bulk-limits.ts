// The limits of one bulk upload (docs/legacy/bulk.md): a file small enough to read in one request, and rows few
// enough to create in one go (each row is a transaction, its event and its messages).
export const MAX_BULK_FILE_BYTES = 2 * 1024 * 1024;
export const MAX_BULK_ROWS = 5000;
