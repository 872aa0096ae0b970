/**
 * The legal pages' texts. Shared words are in `@web/config/texts`; like it, this module has no browser or React
 * imports (tests read it).
 */

/** docs/product.md#what-it-is-for, 9: legal texts. */
export const LEGAL_TEXTS = {
  termsTitle: 'Terms of Service',
  privacyTitle: 'Privacy Policy',
  lastUpdated: 'Last updated: July 9, 2025',
  contents: 'On this page',
} as const;
