/** Names of downloaded files (docs/product.md#constants-and-limits), for the browser's downloads and the export route. Pure, no dependencies. */

/** docs/product.md#constants-and-limits: named after the file with its extension replaced. */
export function downloadName(filename: string | undefined | null, extension: string): string {
  const base = (filename ?? '').split(/[\\/]/).pop()!.trim();
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return `${stem || 'transcript'}.${extension}`;
}

/** `attachment` with a plain-ASCII name for old clients and the exact name (RFC 5987) for the others. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
