import { Worker } from 'node:worker_threads';

/**
 * A worker thread of the folder of `here` (a module's import.meta.url; issue 20): `name`.js beside
 * that file when built; run by tsx (the CLI's tests), the .ts, with tsx registered in the worker first.
 * Resolves with its `answer` message's value; its `progress` messages go to `onProgress`; `stop()`
 * ends it early.
 */
export function runWorker<T, P = never>(here: string, name: string, data: unknown, onProgress?: (progress: P) => void): { answer: Promise<T>; stop: () => void } {
  const typescript = here.endsWith('.ts');
  const file = new URL(`./${name}.${typescript ? 'ts' : 'js'}`, here);
  const worker = typescript
    ? new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => tsx.register()).then(() => import(${JSON.stringify(file.href)}))`, { eval: true, workerData: data })
    : new Worker(file, { workerData: data });
  const answer = new Promise<T>((resolve, reject) => {
    let value: { answer: T } | null = null;
    worker.on('message', (message: { progress?: P; answer?: T }) => {
      if (message.progress) onProgress?.(message.progress);
      if ('answer' in message) value = { answer: message.answer as T };
    });
    worker.on('error', reject);
    worker.on('exit', (code) => (value ? resolve(value.answer) : reject(new Error(`the audit's ${name} stopped (exit code ${code}) without an answer`))));
  });
  answer.catch(() => undefined); // a caller that stops it early never reads the answer
  return { answer, stop: () => void worker.terminate() };
}

