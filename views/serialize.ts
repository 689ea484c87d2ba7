/**
 * JSON safe to embed in an HTML <script> element: no "</script>", no comment openers, no line
 * separators that would end a JS string. Parsed back with JSON.parse.
 */
export function serializeJson(value: unknown): string {
  return JSON.stringify(value ?? null).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
