/** A moment as the panel shows it: UTC to the second, machine-readable for assistive technology. */
export function UtcTime({ value }: { value: Date | string | null }) {
  if (value === null) return <>—</>;
  const iso = new Date(value).toISOString();
  return <time dateTime={iso}>{`${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`}</time>;
}
