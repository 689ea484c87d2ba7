import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ISLANDS } from './registry';

/**
 * The server names an island marker after `Component.name` and the manifest looks for
 * views/islands/{name}.tsx: each registry key must be the default export's name and its file name.
 */
describe('island registry', () => {
  it.each(Object.keys(ISLANDS))('%s loads a component of that name from %s.tsx', async (name) => {
    const module = await ISLANDS[name]();
    expect(module.default.name).toBe(name);
    expect(existsSync(join(__dirname, `${name}.tsx`))).toBe(true);
  });
});
