import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { mayDo } from "@/lib/access/auth/permissions";

/** The panel's sections; configuration and people are for superusers, who see every section; some need an action. */
const SECTIONS = [
  { href: "/admin", label: "Dashboard", superuser: false },
  { href: "/admin/transactions", label: "Transactions", superuser: false },
  { href: "/admin/payment-links/new", label: "New payment link", superuser: false, action: "create" },
  { href: "/admin/operations", label: "Refunds and operations", superuser: false },
  { href: "/admin/bulk-payment-requests", label: "Bulk requests", superuser: false, action: "create" },
  { href: "/admin/deliveries", label: "Deliveries", superuser: false },
  { href: "/admin/messages", label: "Messages", superuser: false },
  { href: "/admin/gateways", label: "Gateways", superuser: true },
  { href: "/admin/currencies", label: "Currencies", superuser: true },
  { href: "/admin/settings", label: "Settings", superuser: true },
  { href: "/admin/users", label: "Users", superuser: true },
  { href: "/admin/api-keys", label: "API keys", superuser: true },
  { href: "/admin/audit-log", label: "Audit log", superuser: true },
] as const;

export function panelSections(admin: UserCaller) {
  const shown = (s: (typeof SECTIONS)[number]) => (admin.isSuperuser || !s.superuser) && (!("action" in s) || mayDo(admin, s.action));
  return SECTIONS.filter(shown).map(({ href, label }) => ({ href, label }));
}
