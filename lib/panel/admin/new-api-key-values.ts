import type { ApiKeyKind } from "@/db/types";

// The API key form's blank values, apart from the form's verb: the client form starts from them, and a client
// component that imports a value from a verb's module ships the verb's whole import tree to the browser.

export interface ApiKeyFormValues {
  name: string;
  expiresOn: string;
  kind: ApiKeyKind;
  origins: string;
}

export const NEW_API_KEY_VALUES: ApiKeyFormValues = { name: "", expiresOn: "", kind: "private", origins: "" };
