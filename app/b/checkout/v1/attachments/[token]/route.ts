import { getAttachment } from "@/lib/checkout/attachments/get-attachment";
import { appContext } from "@/lib/core/context";
import { handleRoute } from "@/lib/http/handle-route";

export const dynamic = "force-dynamic";

export const GET = handleRoute<{ token: string }>(async (_request, { params }) => {
  const { token } = await params;
  const file = await getAttachment({ ctx: appContext(), input: { token } });
  return new Response(new Uint8Array(file.content), {
    headers: {
      "Content-Type": file.content_type,
      "Content-Disposition": `attachment; filename="${file.file_name}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, max-age=3600",
    },
  });
});
