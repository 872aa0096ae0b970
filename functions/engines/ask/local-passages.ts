/** Local Ask: no language model ships in the package registries, so the best passages are the answer. */
import type { AskEngine } from './types';

export class PassagesAskEngine implements AskEngine {
  readonly mode = 'passages';

  async answer(): Promise<null> {
    return null;
  }
}
