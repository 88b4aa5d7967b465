import { env } from "@/lib/core/env";

/** The download address of a stored attachment: what the representation's `attachment` and an upload return. */
export const attachmentUrl = (token: string) => `${env.APP_URL}/b/checkout/v1/attachments/${token}`;
