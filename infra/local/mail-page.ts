/** The local-only outbox page (/_local/mail): every e-mail the app sent, newest first, links clickable. */
import { BRAND } from '../../functions/domain/brand';
import type { StoredMail } from './outbox';

export const MAIL_PAGE_PATH = '/_local/mail';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Only the app's own local links become links; everything else stays text. */
const linkify = (escaped: string): string => escaped.replace(/https?:\/\/(127\.0\.0\.1|localhost):\d+\/[^\s<]*/g, (url) => `<a href="${url}">${url}</a>`);

export function renderMailPage(mails: StoredMail[]): string {
  const items = mails
    .map(
      (mail) => `<article><h2>${escapeHtml(mail.subject)}</h2><p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.date)}</p><pre>${linkify(escapeHtml(mail.body))}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local outbox · ${escapeHtml(BRAND.name)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1f2937}h1{font-size:1.5rem}article{border:1px solid #e5e7eb;border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0}h2{font-size:1.1rem;margin:0}.meta{color:#6b7280;margin:.25rem 0 .75rem}pre{white-space:pre-wrap;font:inherit;margin:0}a{color:#4f46e5}</style>
</head><body><h1>Local outbox</h1><p>The e-mails this local copy of ${escapeHtml(BRAND.name)} sent (files in the data folder's <code>mail/</code>). Reload to see new ones.</p>
${items || '<p>No e-mail yet.</p>'}
</body></html>`;
}
