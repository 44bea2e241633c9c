// Entry of the upload-check thread (pdf-check-pool.ts): the sources are TypeScript, so the thread
// registers tsx's loader first (as the credit-note render threads do), then loads the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-check.worker.ts');
