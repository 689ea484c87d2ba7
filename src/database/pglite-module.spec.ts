import { readFileSync } from 'node:fs';
import { pgliteWasmPath, withSharedBuffers } from './pglite-module';

describe(withSharedBuffers.name, () => {
  const module = (...parts: string[]) => Buffer.from(['\0asm', ...parts].join(''), 'latin1');

  it('rewrites the one shared_buffers setting in place, same length, NUL-padded', () => {
    const wasm = module('temp_buffers=8MB\0', 'shared_buffers=128MB\0', 'wal_buffers=4MB\0');
    const patched = withSharedBuffers(wasm, 32);
    expect(patched).not.toBeNull();
    expect(patched!.length).toBe(wasm.length);
    expect(Buffer.from(patched!).toString('latin1')).toBe(
      module('temp_buffers=8MB\0', 'shared_buffers=32MB\0\0', 'wal_buffers=4MB\0').toString('latin1'),
    );
    // The input is left as it was.
    expect(wasm.toString('latin1')).toContain('shared_buffers=128MB\0');
    expect(Buffer.from(withSharedBuffers(wasm, 999)!).toString('latin1')).toContain('shared_buffers=999MB\0');
  });

  it('gives null when the setting is missing or written twice (another build: leave it alone)', () => {
    expect(withSharedBuffers(module('shared_buffers=64MB\0'), 32)).toBeNull();
    expect(withSharedBuffers(module('shared_buffers=128MB'), 32)).toBeNull(); // not the whole string
    expect(withSharedBuffers(module('shared_buffers=128MB\0', 'shared_buffers=128MB\0'), 32)).toBeNull();
  });

  it('refuses a size that would not fit the string', () => {
    for (const mb of [0, -1, 1000, 1.5, Number.NaN])
      expect(() => withSharedBuffers(module('shared_buffers=128MB\0'), mb)).toThrow();
  });

  it('finds the setting in the PGlite build this project pins (an upgrade that moves it fails here)', () => {
    const wasm = readFileSync(pgliteWasmPath());
    expect(withSharedBuffers(wasm, 32)).not.toBeNull();
  });
});
