// The same root layout as the payment page's.
export { default, metadata } from "../start/layout";
