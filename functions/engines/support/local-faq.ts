/** Local support engine: the closest FAQ entry's answer (BM25 retrieval, functions/domain/faq-search.ts), or a pointer to a person. */
import { searchFaq } from '../../domain/faq-search';
import { SUPPORT_TEXTS } from '../../domain/support';
import { smallTalk, type SupportEngine } from './types';

export class LocalFaqSupportEngine implements SupportEngine {
  async answer(question: string): Promise<string> {
    const talk = smallTalk(question);
    if (talk === 'greeting') return SUPPORT_TEXTS.greeting;
    if (talk === 'thanks') return SUPPORT_TEXTS.thanks;
    return searchFaq(question)?.entry.answer ?? SUPPORT_TEXTS.notInFaq;
  }
}
