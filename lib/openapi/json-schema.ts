import { z } from "zod";

export type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as an OpenAPI 3.1 schema object (JSON Schema 2020-12). Requests are described by what clients
 * send (`input`), responses by what the service returns (`output`).
 */
export function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const result: JsonSchema = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" });
  delete result.$schema; // the document's dialect (OpenAPI 3.1's, based on 2020-12) applies
  return result;
}
