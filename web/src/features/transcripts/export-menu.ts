/**
 * The Export menu of the transcript page's toolbar (issue 28 point 6): a group of formats for the
 * transcript, and the same formats for each of its translations, then whether times and
 * speakers go in. Pure (the items' actions are the caller's); unit-tested.
 */
import { EXPORT_FORMATS } from '@domain/export-formats';
import { findLanguage } from '@domain/languages';
import type { MenuItem } from '@web/components/ui/menu-button';
import { exportUrl, type ExportOptions } from '@web/transcript/api/workspace';
import { WORKSPACE_TEXTS } from './texts';

const W = WORKSPACE_TEXTS;

/** One group of formats: its label (in each item's name), its heading (that the items download), and the translation's language code (none: the transcript). */
export interface ExportGroup {
  label: string;
  heading: string;
  lang?: string;
}

/** The transcript, then each translation into `translations` (languages' names, once each, unknown ones left out), in their order. */
export function exportGroups(translations: readonly string[] = []): ExportGroup[] {
  const groups = translations.flatMap((name) => {
    const code = findLanguage(name)?.code;
    return code ? [{ label: W.exportTranslation(name), heading: W.downloadTranslation(name), lang: code }] : [];
  });
  return [{ label: W.exportTranscript, heading: W.downloadTranscript }, ...groups.filter((group, index) => groups.findIndex(({ lang }) => lang === group.lang) === index)];
}

/** The menu's items (the Export menu's, and the phone's Actions menu's first): each group's formats (download links), then the times and speakers check items. */
export function exportItems(id: string, groups: readonly ExportGroup[], options: Omit<ExportOptions, 'lang'>, toggle: (option: 'timestamps' | 'speakers') => void): MenuItem[] {
  const formats = groups.flatMap(({ label, heading, lang }) =>
    EXPORT_FORMATS.map((format) => ({ key: `${lang ?? 'transcript'}-${format}`, text: W.formats[format], label: `${W.formats[format]}, ${label}`, download: exportUrl(id, format, { ...options, lang }), group: heading })),
  );
  const checks = [
    { key: 'timestamps', text: W.withTimes, checked: options.timestamps, onSelect: () => toggle('timestamps'), group: W.exportOptions },
    { key: 'speakers', text: W.withSpeakers, checked: options.speakers, onSelect: () => toggle('speakers'), group: W.exportOptions },
  ];
  return [...formats, ...checks];
}
