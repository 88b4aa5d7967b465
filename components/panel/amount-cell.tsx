/**
 * An amount with its currency, right-aligned in tabular figures so that a column of amounts lines up by the
 * point; `as="td"` makes it the table cell itself.
 */
export function Amount({ value, currency, as = "span", className = "" }: { value: string; currency: string; as?: "span" | "td"; className?: string }) {
  const Tag = as;
  return (
    <Tag className={`whitespace-nowrap text-right tabular-nums ${as === "span" ? "inline-block" : ""} ${className}`}>
      {value} <span className="text-slate-600">{currency}</span>
    </Tag>
  );
}
