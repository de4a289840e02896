import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { err, type Result } from '../../shared/result.js';
import { maxUploadBytes, type ImageRejection, type PreparedImage } from './image-store.js';
import { readFrame } from './prepare-image-frame.js';

/** How long one picture may take before its process is stopped and the upload refused. */
const timeoutMs = 60_000;
/** The answer's bytes at most: three WebP copies of a 1600 px picture are far below. */
const maxAnswerBytes = 32 * 1024 * 1024;

const unreadable: ImageRejection = { code: 'images/unreadable', message: 'This file could not be read as an image.' };

/**
 * prepareImage() in a process of its own, one per upload (issue 40, decision 047). Measured in the
 * shop's process, the first upload loaded libvips (+30 MB RSS for good) and each 4000 x 4000 left
 * ~40 MB more that glibc kept; in a child all of it goes back to the system when it exits. A child
 * costs ~0.2 s of start-up, which an admin's upload can afford (the demo pictures at first start
 * are drawn in the shop's process, where that would add up). The built server runs the child's
 * .js; tests that run the TypeScript sources run its .ts through tsx.
 */
export function prepareImageApart(bytes: Uint8Array): Promise<Result<PreparedImage, ImageRejection>> {
  if (bytes.length > maxUploadBytes) return Promise.resolve(err({ code: 'images/too-large', message: 'Images can be at most 5 MB.' }));
  const js = fileURLToPath(new URL('./prepare-image-child.js', import.meta.url));
  const ts = fileURLToPath(new URL('./prepare-image-child.ts', import.meta.url));
  const args = existsSync(js) ? [js] : ['--import', 'tsx', ts];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--max-old-space-size=64', ...args], {
      // None of the shop's settings or secrets: the child needs none. It lives for one picture, so
      // glibc's arenas cannot pile up there.
      env: { MALLOC_ARENA_MAX: '2' },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    // Below the shop's own priority: on a 2-core VPS a decode must not slow the shop's answers.
    try {
      if (child.pid !== undefined) setPriority(child.pid, 10);
    } catch {
      // Not allowed here (some containers): the decode runs at the shop's priority.
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (answer: Result<PreparedImage, ImageRejection>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      resolve(answer);
    };
    const timer = setTimeout(() => finish(err(unreadable)), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxAnswerBytes) return finish(err(unreadable));
      chunks.push(chunk);
    });
    child.on('error', () => finish(err(unreadable)));
    child.on('close', () => finish(readFrame(Buffer.concat(chunks)) ?? err(unreadable)));
    child.stdin.on('error', () => {}); // a child that died early: 'close' answers
    child.stdin.end(bytes);
  });
}
