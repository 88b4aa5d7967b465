/**
 * The embedded checkout's themeable CSS variables (Checkout.init's `theme`) and their defaults. A value is kept only
 * when it is a plain CSS value (colour, length, font list): nothing that could end the rule or load anything.
 */
export const FRAME_THEME_DEFAULTS = {
  "--ck-color-primary": "#18181b",
  "--ck-color-on-primary": "#ffffff",
  "--ck-color-text": "#18181b",
  "--ck-color-muted": "#52525b",
  "--ck-color-background": "#ffffff",
  "--ck-color-border": "#d4d4d8",
  "--ck-color-error": "#b91c1c",
  "--ck-radius": "8px",
  "--ck-font-family": "system-ui, sans-serif",
} as const;

const SAFE_VALUE = /^[#a-zA-Z0-9 ,.%()'-]{1,80}$/;

/** The theme's variables as CSS declarations: the defaults, then the merchant's valid overrides (others ignored). */
export function frameThemeCss(theme: string | null): string {
  let overrides: Record<string, unknown> = {};
  try {
    const parsed: unknown = theme ? JSON.parse(theme) : {};
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) overrides = parsed as Record<string, unknown>;
  } catch {
    // An unreadable theme is no theme.
  }
  return Object.entries(FRAME_THEME_DEFAULTS)
    .map(([name, fallback]) => {
      const value = overrides[name];
      return `${name}:${typeof value === "string" && SAFE_VALUE.test(value) ? value : fallback}`;
    })
    .join(";");
}
