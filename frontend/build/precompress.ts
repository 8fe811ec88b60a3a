import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

/** Writes `.br` and `.gz` beside every compressible file of the build, so the server sends them as they are. */
export function precompressFiles(dir: string, minBytes = 1024): { files: number; bytes: number; brotli: number; gzip: number } {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (compressible.test(entry.name)) {
        const content = fs.readFileSync(file);
        if (content.length < minBytes) continue;
        const brotli = zlib.brotliCompressSync(content, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        });
        const gzip = zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION });
        fs.writeFileSync(`${file}.br`, brotli);
        fs.writeFileSync(`${file}.gz`, gzip);
        totals.files += 1;
        totals.bytes += content.length;
        totals.brotli += brotli.length;
        totals.gzip += gzip.length;
      }
    }
  };
  walk(dir);
  return totals;
}

/** Vite plugin: precompresses the output once the bundle is written (production builds only). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'reproute-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const t = precompressFiles(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
      this.info?.(`precompressed ${t.files} files: ${kb(t.bytes)} → brotli ${kb(t.brotli)}, gzip ${kb(t.gzip)}`);
    },
  };
}
