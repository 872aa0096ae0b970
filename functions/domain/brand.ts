/**
 * The product's identity, in one place for the server (e-mails, support chat) and the web app
 * (texts, landing, legal pages). Operators rebrand here.
 */
export const BRAND = {
  name: 'Scribely',
  /** docs/product.md#what-it-is-for: the landing shows a contact e-mail address and a social media account. */
  contactEmail: 'support@scribely.example',
  socialHandle: '@scribely',
  socialUrl: 'https://x.com/scribely',
  supportName: 'Scribely Support',
  /** Terms: governing law of one country, courts in its capital. */
  country: 'Ireland',
  capital: 'Dublin',
} as const;
