import type { PageField } from "@/lib/checkout/page-fields/page-fields";

// Shared by the capture fields and their error summary, which links to each refused field.

/** The id of a field's control on the page. */
export const fieldId = (field: PageField) => `capture-${field}`;

/** A field's error message, if it was refused. */
export type ErrorOf = (field: PageField) => string | undefined;
