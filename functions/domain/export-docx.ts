/**
 * The DOCX export: title, date, topic, summary, then the paragraphs with speaker names and times, made
 * with the `docx` library (a Word document is a zip of XML parts: not something to write by hand).
 */
import { Document, HeadingLevel, Packer, Paragraph as DocParagraph, TextRun } from 'docx';
import { BRAND } from './brand';
import { exportParagraphs, paragraphLead, summaryLines, templateSections, withOneLineNames, type ExportQuery, type ExportSource } from './export';

export async function exportDocx(stored: ExportSource, options: Omit<ExportQuery, 'format'>): Promise<Buffer> {
  const source = withOneLineNames(stored);
  const timed = source.word_timings.some((group) => group.words.length > 0);
  const children = [
    new DocParagraph({ heading: HeadingLevel.TITLE, children: [new TextRun(source.filename)] }),
    new DocParagraph({ children: [new TextRun({ text: `Recorded ${source.created_at.slice(0, 10)}`, italics: true })] }),
  ];
  if (source.topic) children.push(new DocParagraph({ children: [new TextRun({ text: 'Topic: ', bold: true }), new TextRun(source.topic)] }));
  const summary = summaryLines(source.summary);
  if (summary.length > 0) {
    children.push(new DocParagraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Summary')] }));
    children.push(...summary.map((line) => new DocParagraph({ bullet: { level: 0 }, children: [new TextRun(line)] })));
  }
  for (const section of templateSections(source)) {
    children.push(new DocParagraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(section.title)] }));
    children.push(...section.lines.map((line) => new DocParagraph({ bullet: { level: 0 }, children: [new TextRun(line)] })));
  }
  children.push(new DocParagraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Transcript')] }));
  for (const paragraph of exportParagraphs(source, options)) {
    const lead = paragraphLead(paragraph, options, timed);
    children.push(new DocParagraph({ children: [...(lead ? [new TextRun({ text: lead, bold: true })] : []), new TextRun(paragraph.text)] }));
  }
  if (source.note) children.push(new DocParagraph({ children: [new TextRun({ text: source.note, italics: true })] }));
  const document = new Document({ title: source.filename, creator: BRAND.name, sections: [{ children }] });
  return Packer.toBuffer(document);
}
