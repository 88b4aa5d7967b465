import type { Ctx } from "@/lib/core/context";
import { Conflict, NotFound } from "@/lib/core/errors";
import { loadSdkSetup } from "./load-sdk-setup";
import type { SdkSetup } from "./sdk-schemas";

/**
 * Create's answer with `sdk_setup_preload_payload` (the SDK's GET body, so the embedded checkout renders without
 * another call) when the request asked for it with `include_sdk_setup_preload`. Computed for each answer, a replay
 * of the create included (its deadline's seconds left are those of now); null once the transaction can no longer be
 * paid (a replay after it was paid or deleted). Other answers are returned as they are.
 */
export async function withSdkPreload<T extends { session_id?: unknown; include_sdk_setup_preload?: unknown }>(
  ctx: Ctx,
  body: T,
): Promise<T | (T & { sdk_setup_preload_payload: SdkSetup | null })> {
  if (body.include_sdk_setup_preload !== true) return body;
  try {
    return { ...body, sdk_setup_preload_payload: await loadSdkSetup({ ctx, input: { sessionId: String(body.session_id) } }) };
  } catch (error) {
    if (error instanceof Conflict || error instanceof NotFound) return { ...body, sdk_setup_preload_payload: null };
    throw error;
  }
}
