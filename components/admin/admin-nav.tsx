"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export interface NavLink {
  href: string;
  label: string;
}

const ITEM = "block whitespace-nowrap rounded px-1.5 py-1.5 text-slate-800 hover:bg-slate-200 aria-[current=page]:bg-slate-800 aria-[current=page]:text-white";

/**
 * The panel's sections; the current one is marked for screen readers and by its look. One row from 1024 px up
 * (a superuser's thirteen fit at 1280 px); below, a "Menu" that opens without scripts (a details element).
 */
export function AdminNav({ links }: { links: NavLink[] }) {
  const path = usePathname();
  const current = (href: string) => (href === "/admin" ? path === "/admin" : path === href || path.startsWith(`${href}/`));
  const items = (className: string) => (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <Link href={link.href} aria-current={current(link.href) ? "page" : undefined} className={ITEM}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
  const here = links.find((l) => current(l.href));
  return (
    <nav aria-label="Admin sections" className="text-sm">
      <details className="lg:hidden">
        <summary className="cursor-pointer rounded border border-slate-400 px-3 py-1.5 font-medium">
          Menu{here ? <span className="font-normal text-slate-700"> · {here.label}</span> : null}
        </summary>
        {items("mt-2 grid gap-1 sm:grid-cols-2")}
      </details>
      {items("hidden flex-nowrap gap-0.5 lg:flex")}
    </nav>
  );
}
