// The recognition worker's entry (recognition-process.ts). The process starts without its parent's module
// loaders (and the tests' sandbox), so it registers tsx itself to read the TypeScript sources.
require('tsx/cjs/api').register();
require('./recognition-worker.ts');
