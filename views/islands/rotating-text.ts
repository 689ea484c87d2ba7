/** SPEC §9: the footer text changes every 2000 ms. */
export const ROTATING_TEXT_INTERVAL_MS = 2000;

/** The footer_rotating_texts setting: a JSON array of strings; anything else yields no text. */
export function parseRotatingTexts(setting: string | undefined): string[] {
  if (!setting) return [];
  try {
    const value: unknown = JSON.parse(setting);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string' && t.trim() !== '') : [];
  } catch {
    return [];
  }
}

/** The next text, back to the first after the last. */
export function nextTextIndex(index: number, count: number): number {
  return count <= 0 ? 0 : (index + 1) % count;
}
