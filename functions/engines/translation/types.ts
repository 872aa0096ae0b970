/** The translation port: the transcript text into one of the languages the engine offers. */

export interface TranslationEngine {
  /** Names of the languages it can translate into, docs/product.md names first (English included). */
  languages(): Promise<string[]>;
  /**
   * Translates `text` into `target` (a language name or ISO code). `source` is the transcript's
   * language when known; without it the engine detects it (AWS) or assumes English (local).
   * Paragraph breaks survive. A word left untranslated has UNKNOWN_MARK before it (domain/translation.ts). An unreachable target is an EngineError 'unsupported-language'
   * whose message names the languages the engine can do.
   */
  translate(text: string, target: string, source?: string): Promise<string>;
}
