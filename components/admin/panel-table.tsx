import type { ReactNode } from "react";
import { table, th } from "./panel-styles";

/**
 * A panel table: its caption (read by screen readers, hidden on screen unless `captionVisible`), one `scope="col"`
 * header per column, and the rows given as children (each table styles its own cells with `td`).
 */
export function PanelTable({
  caption,
  captionVisible = false,
  columns,
  children,
}: {
  caption: ReactNode;
  captionVisible?: boolean;
  /** The column headers in order; a header without visible text holds it in an `sr-only` span. */
  columns: ReactNode[];
  children: ReactNode;
}) {
  return (
    <table className={table}>
      <caption className={captionVisible ? "mb-1 text-left font-semibold" : "sr-only"}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column, i) => (
            // The columns are fixed per table: their place is their identity.
            <th key={i} scope="col" className={th}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
