// The checkout makes the references; every gateway (the sandbox's card page among them) checks them with this.
/** What an attempt's reference looks like (ours are `CK` and 16 hex digits); anything else is no reference. */
export const REFERENCE_NUMBER = /^[A-Z0-9]{6,40}$/;
