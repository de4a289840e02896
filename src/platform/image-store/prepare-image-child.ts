/**
 * The process that decodes one upload (issue 40, decision 047): reads the upload's bytes from
 * stdin, writes prepareImage()'s answer to stdout as one frame (see prepare-image-apart.ts), exits.
 * libvips and the pixels live and die here, so the shop's own RSS never holds them.
 */
import { prepareImage } from './prepare-image.js';
import { writeFrame } from './prepare-image-frame.js';

const chunks: Buffer[] = [];
let size = 0;
for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
  size += chunk.length;
  // The parent sends at most maxUploadBytes; prepareImage refuses more anyway, so stop holding it.
  if (size <= 64 * 1024 * 1024) chunks.push(chunk);
}
const prepared = await prepareImage(new Uint8Array(Buffer.concat(chunks)));
process.stdout.end(writeFrame(prepared), () => process.exit(0));
