import { type FieldErrors, ValidationFailed } from "@/lib/core/errors";
import { checkAttachment } from "./check-attachment";

export type CheckedAttachment = Awaited<ReturnType<typeof checkAttachment>>;

/** An attachment checked by its content, its refusal as a field error to answer beside the others (all at once). */
export async function readAttachment(file: File, maxBytes?: number): Promise<{ errors: FieldErrors; checked: CheckedAttachment | null }> {
  try {
    return { errors: {}, checked: await checkAttachment(file, maxBytes) };
  } catch (error) {
    if (error instanceof ValidationFailed) return { errors: error.fields, checked: null };
    throw error;
  }
}
