import type { LinkCodes } from "@/db/queries/link-codes";
import type { LinkKind } from "@/db/types";
import type { FieldErrors } from "@/lib/core/errors";
import { newLinkCode } from "./link-code";

/** The request flags that ask for links (ottu-py's names); false or absent asks for nothing. */
export interface LinkRequest {
  generate_qr_code?: boolean;
  shortify_checkout_url?: boolean;
  shortify_attachment_url?: boolean;
}

const FLAGS: [keyof LinkRequest, LinkKind][] = [
  ["shortify_checkout_url", "checkout"],
  ["shortify_attachment_url", "attachment"],
  ["generate_qr_code", "qr"],
];

/**
 * Fresh codes for the links asked for that the transaction has not got yet: asking again keeps the code it has,
 * and a link is never taken away (it may be printed already).
 */
export function newLinkCodes(asked: LinkRequest, existing: LinkCodes): LinkCodes {
  return Object.fromEntries(FLAGS.filter(([flag, kind]) => asked[flag] === true && !existing[kind]).map(([, kind]) => [kind, newLinkCode()]));
}

/** A short link to the attachment needs one: on the request or already on the transaction. */
export function checkLinkRequest(asked: LinkRequest, hasAttachment: boolean): FieldErrors {
  if (asked.shortify_attachment_url !== true || hasAttachment) return {};
  return {
    shortify_attachment_url: [
      "There is no attachment to shorten: send one (a file part attachment, or attachment_upload_url) with this flag.",
    ],
  };
}
