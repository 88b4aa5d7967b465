import { ValidationFailed } from "@/lib/core/errors";

export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

const KINDS = [
  { ext: ["pdf"], type: "application/pdf", magic: (b: Buffer) => b.subarray(0, 5).toString("latin1") === "%PDF-" },
  { ext: ["png"], type: "image/png", magic: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from("89504e470d0a1a0a", "hex")) },
  { ext: ["jpeg", "jpg"], type: "image/jpeg", magic: (b: Buffer) => b.subarray(0, 3).equals(Buffer.from("ffd8ff", "hex")) },
  // Word 97–2003 documents are OLE compound files.
  { ext: ["doc"], type: "application/msword", magic: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from("d0cf11e0a1b11ae1", "hex")) },
  // Word 2007+ documents are ZIP archives holding a word/ part.
  {
    ext: ["docx"],
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    magic: (b: Buffer) => b.subarray(0, 4).equals(Buffer.from("504b0304", "hex")) && b.includes("word/"),
  },
];

const ALLOWED = "pdf, jpeg, png, doc, docx";

/**
 * Checks an uploaded attachment by its size (at most `maxBytes`) and content (and that its name agrees); returns
 * the type to store.
 */
export async function checkAttachment(file: File, maxBytes = ATTACHMENT_MAX_BYTES): Promise<{ content: Buffer; contentType: string; fileName: string }> {
  const fail = (message: string) => new ValidationFailed({ attachment: [message] });
  if (file.size === 0) throw fail("The attachment is empty.");
  if (file.size > maxBytes) throw fail(`The attachment is larger than ${maxBytes / 1024 / 1024} MiB.`);
  const content = Buffer.from(await file.arrayBuffer());
  const extension = (file.name.split(".").pop() ?? "").toLowerCase();
  const kind = KINDS.find((k) => k.magic(content));
  if (!kind) throw fail(`The attachment's content is not an allowed type. Allowed: ${ALLOWED}.`);
  if (!kind.ext.includes(extension)) throw fail(`The file name must end in .${kind.ext[0]} for this content. Allowed: ${ALLOWED}.`);
  const fileName = file.name.replace(/[^\w.\- ]/g, "_").slice(-128);
  return { content, contentType: kind.type, fileName };
}
