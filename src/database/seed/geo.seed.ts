import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Insertable } from 'kysely';
import type { Database } from '../database';
import type { LocalityTable } from '../schema';
import { contentDir } from './content';

const FILE = 'geo/ch-localities.csv';
const HEADER = 'Ortschaftsname;PLZ;Zusatzziffer;Gemeindename;BFS-Nr;Kantonskürzel;E;N;Sprache;Validity';
/** Rows per insert statement (11 parameters each, well under PostgreSQL's 65,535). */
const CHUNK = 1000;

/**
 * Reads the official directory of Swiss localities (content/geo/README.md). A malformed line stops
 * the load with its line number: the look-ups must never run on a half-read directory.
 */
export function readLocalities(dir = contentDir()): Array<Insertable<LocalityTable>> {
  const path = join(dir, FILE);
  const lines = readFileSync(path, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  if (lines[0] !== HEADER) throw new Error(`content: ${path}: unexpected header "${lines[0]}"`);
  const rows: Array<Insertable<LocalityTable>> = [];
  lines.slice(1).forEach((line, index) => {
    if (line === '') return;
    const fail = (why: string) => {
      throw new Error(`content: ${path}, line ${index + 2}: ${why}`);
    };
    const cells = line.split(';');
    if (cells.length !== 10) fail(`${cells.length} columns instead of 10`);
    const [name, postcode, suffix, municipality, bfs, canton, east, north, language] = cells;
    const longitude = Number(east);
    const latitude = Number(north);
    if (!name.trim()) fail('no locality name');
    if (!/^[0-9]{4}$/.test(postcode)) fail(`postcode "${postcode}" is not 4 digits`);
    if (!/^[0-9]{1,2}$/.test(suffix)) fail(`postcode suffix "${suffix}"`);
    if (!/^[0-9]{1,5}$/.test(bfs)) fail(`municipality number "${bfs}"`);
    if (canton !== '' && !/^[A-Z]{2}$/.test(canton)) fail(`canton "${canton}"`);
    if (
      !Number.isFinite(latitude) ||
      !Number.isFinite(longitude) ||
      Math.abs(latitude) > 90 ||
      Math.abs(longitude) > 180
    )
      fail(`position "${east};${north}"`);
    rows.push({
      name: name.trim(),
      postcode,
      postcode_suffix: Number(suffix),
      municipality: municipality.trim(),
      bfs_number: Number(bfs),
      canton: canton || null,
      // The directory's Liechtenstein rows have no canton.
      country: canton ? 'CH' : 'LI',
      latitude,
      longitude,
      language,
    });
  });
  return rows;
}

/** Replaces the localities with the directory's (idempotent: the table is the file). */
export async function seedLocalities(db: Database, dir?: string): Promise<{ localities: number }> {
  const rows = readLocalities(dir);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('locality').execute();
    for (let i = 0; i < rows.length; i += CHUNK)
      await trx
        .insertInto('locality')
        .values(rows.slice(i, i + CHUNK))
        .execute();
  });
  return { localities: rows.length };
}
