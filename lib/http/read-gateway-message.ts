import type { GatewayMessage } from "@/lib/gateways/adapter";
import { readForm } from "./read-form";

/**
 * A gateway message as it arrived: the query's fields, then a POST's form or JSON fields over them, and the raw
 * body and headers for gateways that sign the exact bytes.
 */
export async function readGatewayMessage(request: Request): Promise<GatewayMessage> {
  const query = Object.fromEntries(new URL(request.url).searchParams.entries());
  if (request.method !== "POST") return { params: query, rawBody: "", headers: request.headers };
  const copy = request.clone();
  const fields = await readForm(request);
  return { params: { ...query, ...fields }, rawBody: await copy.text(), headers: request.headers };
}
