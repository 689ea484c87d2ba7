/** Joins the truthy class names: cls('a', open && 'is-open') -> 'a is-open'. */
export function cls(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}

/** Fills "{name}" placeholders (labels are translated on the server, islands only fill numbers). */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
