"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export interface NavLink {
  href: string;
  label: string;
}

/**
 * The panel's sections, on one line at 1280 px (e2e/admin-payment-links.spec.ts checks it); the current one is
 * marked for screen readers and by its look.
 */
export function AdminNav({ links }: { links: NavLink[] }) {
  const path = usePathname();
  const current = (href: string) => (href === "/admin" ? path === "/admin" : path === href || path.startsWith(`${href}/`));
  return (
    <nav aria-label="Admin sections">
      <ul className="flex flex-wrap gap-1 text-sm">
        {links.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              aria-current={current(link.href) ? "page" : undefined}
              className="block rounded px-2 py-1.5 text-slate-800 hover:bg-slate-200 aria-[current=page]:bg-slate-800 aria-[current=page]:text-white"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
