import Link from "next/link";
import { link } from "./panel-styles";

/**
 * Keyset pages: back to the newest, and on to older ones after the last row shown (`olderHref`, null on the
 * last page). Pages are not numbered: each is found through an index, however deep.
 */
export function KeysetPager({ label, newestHref, olderHref, onFirstPage }: { label: string; newestHref: string; olderHref: string | null; onFirstPage: boolean }) {
  if (onFirstPage && !olderHref) return null;
  return (
    <nav aria-label={label} className="mt-4 flex gap-6 text-sm">
      {onFirstPage ? null : (
        <Link className={link} href={newestHref}>
          Newest
        </Link>
      )}
      {olderHref ? (
        <Link className={link} href={olderHref}>
          Older
        </Link>
      ) : null}
    </nav>
  );
}
