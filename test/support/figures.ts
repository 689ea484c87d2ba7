/**
 * A figure a spec measured (requests failed across SIGTERM, recovery time after an outage, the fuzz
 * count, relevance), printed as one line `FIGURE <name>: <text>` on stdout, so that
 * `grep '^FIGURE' <output of a run>` lists every figure of the run, ready to quote.
 */
export function printFigure(name: string, text: string): void {
  process.stdout.write(`FIGURE ${name}: ${text.replace(/\s*\n\s*/g, ' ')}\n`);
}

/** Which database a figure was measured on. */
export const databaseName = (): string => (process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite');
