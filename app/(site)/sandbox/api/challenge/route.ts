import { appContext } from "@/lib/core/context";
import { finishChallenge } from "@/lib/gateways/sandbox/finish-challenge";
import { handleRoute } from "@/lib/http/handle-route";
import { readForm } from "@/lib/http/read-form";
import { seeOther } from "@/lib/http/see-other";

export const dynamic = "force-dynamic";

export const POST = handleRoute(async (request) => {
  const form = await readForm(request);
  const { url } = await finishChallenge({
    ctx: appContext(),
    input: { reference: form.reference ?? "", approve: form.decision === "approve" },
  });
  return seeOther(url);
});
