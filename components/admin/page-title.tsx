import Link from "next/link";
import type { ReactNode } from "react";

/** A detail screen's heading, under the link back to the list it belongs to. */
export function PageTitle({ back, children }: { back: { href: string; label: string }; children: ReactNode }) {
  return (
    <>
      <p className="text-sm">
        <Link href={back.href} className="text-blue-800 underline hover:text-blue-900">
          {back.label}
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-semibold">{children}</h1>
    </>
  );
}
