import type { GatewayMessage } from "@/lib/gateways/adapter";
import { JSON_LIMIT, readLimited } from "./parse-body";
import { readForm } from "./read-form";

/**
 * A gateway message as it arrived: the query's fields, then a POST's form or JSON fields over them, and the raw
 * body and headers for gateways that sign the exact bytes. The body is read once, within the JSON limit (no
 * gateway sends more): reading a copy of the stream instead left an oversized body's rest unread and
 * unrefused, and its sender waiting for an answer that never came.
 */
export async function readGatewayMessage(request: Request): Promise<GatewayMessage> {
  const query = Object.fromEntries(new URL(request.url).searchParams.entries());
  if (request.method !== "POST") return { params: query, rawBody: "", headers: request.headers };
  const raw = await readLimited(request, JSON_LIMIT);
  const contentType = request.headers.get("content-type");
  const fields = await readForm(new Request(request.url, { method: "POST", headers: contentType ? { "content-type": contentType } : {}, body: new Uint8Array(raw) }));
  return { params: { ...query, ...fields }, rawBody: new TextDecoder().decode(raw), headers: request.headers };
}
