// Copies Scalar's API reference bundle (a dev dependency) next to the built server, with .gz and
// .br siblings, so GET /api/docs works in the Docker image, which keeps production dependencies
// only (docs/decisions/018-route-contracts.md).
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const source = createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js');
const target = 'dist/api-docs/scalar.js';
mkdirSync('dist/api-docs', { recursive: true });
copyFileSync(source, target);
const data = readFileSync(target);
writeFileSync(`${target}.gz`, gzipSync(data, { level: 9 }));
// Quality 9: within a few per cent of 11 on this file, in a fraction of the time.
writeFileSync(`${target}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
console.log(`copied the API reference bundle to ${target}`);
