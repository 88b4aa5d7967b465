import type { UserAccessValues } from "./read-user-access";

// The add-user form's blank values, apart from the form's verb: the client form starts from them, and a client
// component that imports a value from a verb's module ships the verb's whole import tree to the browser.

/** What was typed, kept on errors; never the password (the browser keeps that field, it is not sent back). */
export type UserFormValues = { username: string } & UserAccessValues;

export const NEW_USER_VALUES: UserFormValues = { username: "", isSuperuser: false, gatewayCodes: [], permissions: ["create", "update"] };
