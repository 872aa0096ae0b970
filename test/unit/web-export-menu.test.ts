/** The transcript page's Export menu (issue 28 point 6): its groups and items; each group's heading says it downloads (the phone's Actions menu shows them too). */
import { exportGroups, exportItems } from '../../web/src/features/transcripts/export-menu';
import { WORKSPACE_TEXTS as W } from '../../web/src/features/transcripts/texts';

describe('exportGroups', () => {
  it('is the transcript alone without a translation', () => {
    expect(exportGroups()).toEqual([{ label: 'Transcript', heading: 'Download transcript as…' }]);
  });

  it("adds the translation's group, named by its language, with the language's code", () => {
    expect(exportGroups(['Spanish'])).toEqual([{ label: 'Transcript', heading: 'Download transcript as…' }, { label: 'Translation (Spanish)', heading: 'Download Spanish translation as…', lang: 'es' }]);
  });

  it('adds a group for each translation, in their order, each language once', () => {
    expect(exportGroups(['French', 'Spanish', 'french']).map(({ label, lang }) => ({ label, lang }))).toEqual([{ label: 'Transcript', lang: undefined }, { label: 'Translation (French)', lang: 'fr' }, { label: 'Translation (Spanish)', lang: 'es' }]);
  });

  it('leaves out a language it does not know', () => {
    expect(exportGroups(['Klingon'])).toEqual([{ label: 'Transcript', heading: 'Download transcript as…' }]);
  });
});

describe('exportItems', () => {
  const toggle = jest.fn();
  const items = exportItems('abc', exportGroups(['Spanish']), { timestamps: true, speakers: false }, toggle);

  it('lists every format for each group as a download link, under a heading that says so, then the two check items', () => {
    expect(items.map((item) => item.group)).toEqual([...Array(6).fill('Download transcript as…'), ...Array(6).fill('Download Spanish translation as…'), 'Download options', 'Download options']);
    expect(items[2]).toMatchObject({ text: W.formats.docx, label: 'Word (.docx), Transcript', download: '/api/transcripts/abc/export?format=docx&timestamps=true&speakers=false' });
    expect(items[8]!.download).toBe('/api/transcripts/abc/export?format=docx&timestamps=true&speakers=false&lang=es');
    expect(items.slice(-2)).toMatchObject([
      { text: W.withTimes, checked: true },
      { text: W.withSpeakers, checked: false },
    ]);
  });

  it('toggles an option from its check item', () => {
    items.at(-1)!.onSelect!();
    expect(toggle).toHaveBeenCalledWith('speakers');
  });
});
