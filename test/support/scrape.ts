/** The samples of a Prometheus text exposition: `name{labels}` → value (a sample without labels: `name`). */
export function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    found.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return found;
}

/** GETs `url` with `Authorization: Bearer token` (none when token is undefined). */
export const scrape = (url: string, token?: string) =>
  fetch(url, { headers: token === undefined ? {} : { Authorization: `Bearer ${token}` } });
