import { renderQrCode } from "@/lib/checkout/links/render-qr-code";
import { appContext } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { handleRoute } from "@/lib/http/handle-route";
import { imageResponse } from "@/lib/http/image-response";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// The address is the QR code's own random code and the format: {code}.png or {code}.svg. Public, like the link it encodes.
export const GET = handleRoute<{ file: string }>(async (request, { params }) => {
  const { file } = await params;
  const [, code, format] = /^([0-9A-Za-z]+)\.(png|svg)$/.exec(file) ?? [];
  if (!code) throw new NotFound();
  const image = await renderQrCode({ ctx: appContext(), input: { code, format: format as "png" | "svg" } });
  return imageResponse(request, image);
});

const others = methodNotAllowed(["GET"]);
export { others as POST, others as PUT, others as PATCH, others as DELETE };
