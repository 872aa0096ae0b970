/**
 * The transcription languages in the order every list shows them: Auto (issue 27: the engine finds the
 * language), then docs/product.md#constants-and-limits' 25 languages in its order: the name shown, the code sent.
 * The Transcribe tab and a transcript's "transcribe again in" list both read it.
 */
import { AUTO_LANGUAGE, LANGUAGES } from '@domain/languages';
import { TRANSCRIPTS_TEXTS } from './texts';

export const LANGUAGE_CHOICES: readonly { name: string; code: string }[] = [{ name: TRANSCRIPTS_TEXTS.autoLanguage, code: AUTO_LANGUAGE }, ...LANGUAGES.map(({ name, code }) => ({ name, code }))];
