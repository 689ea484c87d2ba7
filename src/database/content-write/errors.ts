/**
 * A write the content refuses: `invalid` (a body naming something that does not exist: an unknown
 * brand, need, parent page…) or `conflict` (a slug or key another record holds, a record still
 * referenced). `issues` names each field: `path: message`. The seed stops the load with them (naming
 * the file), the API answers 400 or 409 with them as details.
 */
export class ContentWriteError extends Error {
  constructor(
    readonly kind: 'invalid' | 'conflict',
    readonly issues: Record<string, string>,
  ) {
    super(
      `${kind === 'invalid' ? 'invalid content' : 'conflicting content'}: ${Object.entries(issues)
        .map(([path, message]) => `${path}: ${message}`)
        .join('; ')}`,
    );
    this.name = 'ContentWriteError';
  }
}

/** Collects issues, then throws them all at once. */
export class Issues {
  readonly list: Record<string, string> = {};
  add(path: string, message: string): void {
    this.list[path] = this.list[path] ? `${this.list[path]}; ${message}` : message;
  }
  get empty(): boolean {
    return Object.keys(this.list).length === 0;
  }
  throwIfAny(kind: 'invalid' | 'conflict' = 'invalid'): void {
    if (!this.empty) throw new ContentWriteError(kind, this.list);
  }
}

export const CHUNK = 400;

export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
