import type { UserCaller } from "@/lib/auth/admin-caller";

/** The panel's sections; configuration and people are for superusers, who see every section. */
const SECTIONS = [
  { href: "/admin", label: "Dashboard", superuser: false },
  { href: "/admin/transactions", label: "Transactions", superuser: false },
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
  return SECTIONS.filter((s) => admin.isSuperuser || !s.superuser).map(({ href, label }) => ({ href, label }));
}
