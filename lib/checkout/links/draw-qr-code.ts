import QRCode from "qrcode";
import type { QrFormat } from "./link-urls";

// Medium error correction (15 %) survives a smudged print; the 4-module quiet zone is what scanners expect.
const OPTIONS = { errorCorrectionLevel: "M", margin: 4 } as const;

/** A QR code of `text` as a PNG (8 pixels a module) or an SVG. */
export async function drawQrCode(text: string, format: QrFormat): Promise<{ content: Buffer; contentType: string }> {
  if (format === "svg") {
    return { content: Buffer.from(await QRCode.toString(text, { ...OPTIONS, type: "svg" })), contentType: "image/svg+xml" };
  }
  return { content: await QRCode.toBuffer(text, { ...OPTIONS, type: "png", scale: 8 }), contentType: "image/png" };
}
