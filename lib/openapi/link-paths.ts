import { z } from "zod";
import { UPLOAD_MAX_BYTES } from "@/lib/checkout/attachments/upload-attachment";
import { jsonSchema } from "./json-schema";
import { AUTH, errors, ref } from "./openapi-helpers";

// Payment links: the attachment upload (POST /b/checkout/v1/upload-attachment/), the QR code images and the short
// links that generate_qr_code / shortify_checkout_url / shortify_attachment_url make. The upload's answer is
// checked against uploadAnswerSchema by a test.

const BASE = "https://pay.example.com";
const ATTACHMENT_TYPES = ["application/pdf", "image/jpeg", "image/png", "application/msword", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"];
const MIB = UPLOAD_MAX_BYTES / 1024 / 1024;

export const uploadAnswerSchema = z
  .strictObject({
    attachment_upload_url: z.url().meta({ description: "Give it to create, PATCH or PUT as `attachment_upload_url`; it also downloads the file." }),
    file_name: z.string().meta({ description: "The file's name as stored (characters other than letters, digits, `.`, `-`, `_` and space become `_`)." }),
    content_type: z.enum(ATTACHMENT_TYPES).meta({ description: "The type its content was recognised as." }),
    size: z.int().meta({ description: "Bytes." }),
  })
  .meta({ description: "The stored upload." });

const uploadExample = {
  attachment_upload_url: `${BASE}/b/checkout/v1/attachments/0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c`,
  file_name: "invoice.pdf",
  content_type: "application/pdf",
  size: 48213,
};

const fieldErrors = (summary: string, message: string) => ({ summary, value: { attachment: [message] } });

const CODE = { type: "string", pattern: "^[0-9A-Za-z]{12}$" };

const uploadAttachment = {
  post: {
    operationId: "uploadAttachment",
    tags: ["Attachments"],
    summary: "Upload an attachment",
    description: `Stores a file ahead of the transaction, for a later create, PATCH or PUT to attach by its URL (\`attachment_upload_url\`) instead of sending the file itself. A part named \`attachment\`: pdf, jpeg, png, doc or docx (checked by content; the name's extension must agree), at most ${MIB} MiB. Api-Key, or Basic with the \`create\` or \`update\` permission. A refused file stores nothing.`,
    security: AUTH,
    requestBody: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            required: ["attachment"],
            properties: { attachment: { type: "string", format: "binary", contentMediaType: "application/octet-stream", description: `The file, at most ${MIB} MiB.` } },
          },
          encoding: { attachment: { contentType: ATTACHMENT_TYPES.join(", ") } },
        },
      },
    },
    responses: {
      201: {
        description: "Stored.",
        headers: { "X-Request-Id": ref("headers", "X-Request-Id"), "Cache-Control": ref("headers", "Cache-Control") },
        content: { "application/json": { schema: jsonSchema(uploadAnswerSchema, "output"), example: uploadExample } },
      },
      400: {
        description: `The file is missing, empty, over ${MIB} MiB, or of another type.`,
        headers: { "X-Request-Id": ref("headers", "X-Request-Id") },
        content: {
          "application/json": {
            schema: ref("schemas", "FieldErrors"),
            examples: {
              tooBig: fieldErrors("Over the limit", `The attachment is larger than ${MIB} MiB.`),
              type: fieldErrors("Another type", "The attachment's content is not an allowed type. Allowed: pdf, jpeg, png, doc, docx."),
            },
          },
        },
      },
      ...errors("Unauthorized", "Forbidden"),
      413: {
        description: `A body far over the file's limit (over ${MIB + 0.5} MiB) is refused before it is read whole.`,
        headers: { "X-Request-Id": ref("headers", "X-Request-Id") },
        content: { "application/json": { schema: ref("schemas", "Detail"), example: { detail: `The body is larger than the limit of ${MIB + 0.5} MiB.` } } },
      },
      415: {
        description: "Not multipart/form-data.",
        headers: { "X-Request-Id": ref("headers", "X-Request-Id") },
        content: { "application/json": { schema: ref("schemas", "Detail"), example: { detail: "Send the file as multipart/form-data, in a part named attachment." } } },
      },
      ...errors("InternalError"),
    },
  },
};

const qrCode = {
  get: {
    operationId: "getQrCode",
    tags: ["Payment links"],
    summary: "QR code image",
    description:
      "The address in a transaction's `qr_code_url` (PNG); the same address ending in `.svg` gives the SVG. It encodes `checkout_short_url` when the transaction has one, else `checkout_url`. Public: its random code is the capability, and it is not the code of any short link. Cached by anyone for an hour (`ETag`, `If-None-Match` → 304); a deleted transaction's is a 404.",
    security: [],
    parameters: [
      {
        name: "file",
        in: "path",
        required: true,
        description: "The QR code's code and the format: `{code}.png` or `{code}.svg`.",
        schema: { type: "string", pattern: "^[0-9A-Za-z]{12}\\.(png|svg)$" },
        example: "P4nR8sT2vW6y.png",
      },
    ],
    responses: {
      200: {
        description: "The image, 8 pixels a module with a 4-module quiet zone, error correction level M.",
        headers: { ETag: { description: "Changes with what the code encodes.", schema: { type: "string" } } },
        content: { "image/png": { schema: { type: "string", contentMediaType: "image/png" } }, "image/svg+xml": { schema: { type: "string" } } },
      },
      304: { description: "The client's copy (If-None-Match) is current." },
      ...errors("NotFound", "InternalError"),
    },
  },
};

const shortLink = {
  get: {
    operationId: "followShortLink",
    tags: ["Payment links"],
    summary: "Follow a short link",
    description:
      "The address in `checkout_short_url` or `attachment_short_url`, for people: a redirect to `checkout_url` (whatever the transaction's state: the page shows paid, expired and the rest) or to the attachment's current URL. An unknown code, or a deleted transaction's, answers a 404 HTML page. Another one-segment address under /b/ (without a digit and a capital letter) is the API's JSON 404.",
    security: [],
    parameters: [{ name: "code", in: "path", required: true, description: "12 letters and digits, with at least one digit and one capital letter.", schema: CODE, example: "Xy7Kq2mB9aZc" }],
    responses: {
      302: {
        description: "To the checkout page or the attachment; never cached.",
        headers: { Location: { description: "checkout_url, or the attachment's URL.", schema: { type: "string", format: "uri" } } },
      },
      404: { description: "No such link (an HTML page in English and Arabic).", content: { "text/html": { schema: { type: "string" } } } },
      405: { description: "A short link takes GET and HEAD only.", headers: { Allow: ref("headers", "Allow") }, content: { "application/json": { schema: ref("schemas", "Detail") } } },
    },
  },
};

export const linkPaths = {
  "/b/checkout/v1/upload-attachment/": uploadAttachment,
  "/b/checkout/v1/qr/{file}": qrCode,
  "/b/{code}": shortLink,
};
