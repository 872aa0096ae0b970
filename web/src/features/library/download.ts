/**
 * Downloads made in the browser (docs/product.md#calls: "produced on the client as plain text, not by a call"):
 * the transcript's text as .txt, and subtitles as .srt and .vtt, named after the file (docs/product.md#constants-and-limits).
 */
import { downloadName } from './format';
import { subtitleFile, type SubtitleGroup } from '@domain/subtitles';

export type DownloadFormat = 'txt' | 'srt' | 'vtt';
export const DOWNLOAD_FORMATS: readonly DownloadFormat[] = ['txt', 'srt', 'vtt'];

const MEDIA_TYPES: Record<DownloadFormat, string> = {
  txt: 'text/plain;charset=utf-8',
  srt: 'application/x-subrip;charset=utf-8',
  vtt: 'text/vtt;charset=utf-8',
};

export interface DownloadSource {
  filename?: string | undefined;
  text?: string | undefined;
  word_timings?: readonly SubtitleGroup[] | undefined;
}

/** The file's name and content, or null when subtitles are asked of a transcript without word timings. Pure. */
export function downloadFile(source: DownloadSource, format: DownloadFormat): { name: string; content: string; type: string } | null {
  const name = downloadName(source.filename, format);
  if (format === 'txt') return { name, content: source.text ?? '', type: MEDIA_TYPES.txt };
  if (!source.word_timings?.some((group) => group.words.some((word) => (word.word ?? word.text ?? '').trim() !== ''))) return null;
  return { name, content: subtitleFile(source.word_timings, format), type: MEDIA_TYPES[format] };
}

/** Hands a file to the browser's downloads. */
export function saveFile(file: { name: string; content: string; type: string }): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
