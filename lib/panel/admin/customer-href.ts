/** The Customer view's address for a transaction's customer: by customer id when it has one, else by e-mail; null with neither. */
export function customerHref(customer: { customerId: string | null; email: string | null }): string | null {
  if (customer.customerId) return `/admin/customers?${new URLSearchParams({ customer_id: customer.customerId })}`;
  if (customer.email) return `/admin/customers?${new URLSearchParams({ email: customer.email })}`;
  return null;
}
