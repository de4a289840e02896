// `npm start`: builds what is missing (or older than its sources), then runs the server.
// The Docker image runs this same file.
import { at, buildServerIfNeeded, buildWebIfNeeded } from './build-if-needed.mjs';

buildServerIfNeeded();
buildWebIfNeeded();
await import(at('dist', 'main.js'));
