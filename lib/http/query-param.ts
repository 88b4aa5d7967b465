/** The first value of a query parameter as Next's page context gives it (string, list or absent); "" when absent. */
export const queryParam = (value: string | string[] | undefined): string => (Array.isArray(value) ? (value[0] ?? "") : (value ?? ""));
