// Entry of a PDF render worker thread (pdf-pool.ts): the sources are TypeScript, so the thread
// registers tsx's loader first, then loads the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-render.worker.ts');
