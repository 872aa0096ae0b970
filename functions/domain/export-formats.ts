/** The export formats (issue 14), without dependencies: the route's schema and the web's download menu share them. */
export const EXPORT_FORMATS = ['txt', 'md', 'docx', 'srt', 'vtt', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
