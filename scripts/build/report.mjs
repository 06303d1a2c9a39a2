import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { kb, loadedFile } from './budgets.mjs';

/**
 * Prints a bundle's outputs (and the files copied beside them) with their raw and gzip (level 9)
 * sizes, and returns those sizes: file -> `{ raw, gzip }`.
 */
export async function report(root, bundle, metafile, log = console.log) {
  const files = [...Object.keys(metafile.outputs).filter(loadedFile), ...(bundle.static ?? []).map((s) => s.to)];
  const sizes = new Map();
  for (const file of files) {
    const buf = await readFile(path.join(root, file));
    sizes.set(file, { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
  }
  log(`\n${bundle.name}`);
  for (const [file, s] of sizes) {
    log(`  ${file.padEnd(60)} ${kb(s.raw).padStart(10)} raw ${kb(s.gzip).padStart(10)} gzip`);
  }
  return sizes;
}
