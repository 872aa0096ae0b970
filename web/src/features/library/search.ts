/** Search results' snippets (issue 14): escaped HTML with `<mark>` around matches, turned into text parts. Pure. */

export interface SnippetPart {
  text: string;
  mark: boolean;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (text: string): string => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);

/** Text and marked parts, to render as React text (never as HTML). */
export function snippetParts(snippet: string): SnippetPart[] {
  return snippet
    .split(/(<mark>.*?<\/mark>)/)
    .filter(Boolean)
    .map((part) => (part.startsWith('<mark>') ? { text: unescape(part.slice(6, -7)), mark: true } : { text: unescape(part), mark: false }));
}
