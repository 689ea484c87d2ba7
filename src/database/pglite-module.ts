import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * PGlite 0.3 starts PostgreSQL with `-c shared_buffers=128MB` written into its WebAssembly build: no
 * option, environment variable or postgresql.conf changes it (the command line wins), and Emscripten
 * zero-fills the whole shared memory segment when the database opens. So the embedded database alone
 * held 150 MB of resident memory before its first query, most of it buffers a site's working set
 * never fills. This is the same module with that one setting written differently: the bytes of the
 * string `shared_buffers=128MB` in the module's data are replaced (same length, NUL-padded) before it
 * is compiled, and the compiled module goes to `PGlite.create({ wasmModule })`, an option PGlite
 * documents. Nothing on disk changes. docs/decisions.md "Data" gives the measurements.
 */
const COMPILED_SETTING = 'shared_buffers=128MB';

/** The module's bytes with shared_buffers set to `megabytes` (a copy); null when the setting is not found. */
export function withSharedBuffers(wasm: Uint8Array, megabytes: number): Uint8Array<ArrayBuffer> | null {
  if (!Number.isInteger(megabytes) || megabytes < 1 || megabytes > 999) throw new Error(`${megabytes} MB`);
  const from = Buffer.from(`${COMPILED_SETTING}\0`, 'latin1');
  const bytes = Buffer.from(wasm.buffer, wasm.byteOffset, wasm.byteLength);
  const at = bytes.indexOf(from);
  // Exactly one occurrence, or the bytes are not the ones this was written for.
  if (at < 0 || bytes.indexOf(from, at + 1) >= 0) return null;
  const patched = new Uint8Array(wasm);
  patched.fill(0, at, at + from.length);
  patched.set(Buffer.from(`shared_buffers=${megabytes}MB`, 'latin1'), at);
  return patched;
}

/**
 * PGlite's WebAssembly module, compiled with `megabytes` of shared buffers; null when this PGlite
 * build does not carry the setting where expected (then PGlite loads its own module, 128 MB).
 */
export function pgliteModule(megabytes: number): Promise<WebAssembly.Module | null> {
  // Compiled once per size and process: a compiled module serves any number of instances (tests open many).
  let compiled = modules.get(megabytes);
  if (!compiled) {
    compiled = compile(megabytes);
    modules.set(megabytes, compiled);
    compiled.catch(() => modules.delete(megabytes));
  }
  return compiled;
}

const modules = new Map<number, Promise<WebAssembly.Module | null>>();

async function compile(megabytes: number): Promise<WebAssembly.Module | null> {
  const patched = withSharedBuffers(await readFile(pgliteWasmPath()), megabytes);
  return patched && WebAssembly.compile(patched);
}

/** pglite.wasm beside the package's entry point (the package exports no path to it). */
export function pgliteWasmPath(): string {
  return join(dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm');
}
