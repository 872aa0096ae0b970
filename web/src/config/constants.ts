/** Business constants of docs/product.md#constants-and-limits that the web app uses. Shared ones come from the server's domain module. */
export { DATE_OF_BIRTH_CHANGE_LIMIT, RESEND_CODE_GAP_SECONDS, VERIFICATION_CODE_LENGTH } from '@domain/constants';
/** The library's search asks for the server's default number of results; as many coming back means more may match. */
export { DEFAULT_SEARCH_RESULTS as SEARCH_RESULTS } from '@domain/constants';
export const REDIRECT_AFTER_SIGNUP_MS = 1000;
/** Local-storage key of the dashboard sidebar's collapsed state: a preference that starting a new transcription keeps. */
export const SIDEBAR_COLLAPSED_KEY = 'dashboard-sidebar-collapsed';
export const REDIRECT_AFTER_VERIFY_MS = 1500;
export const REDIRECT_AFTER_ACCOUNT_DELETION_MS = 2000;
export const REDIRECT_AFTER_PASSWORD_RESET_MS = 3000;
/**
 * The library asks for LIST_PAGE_SIZE transcripts at a time and shows LIST_BATCH more rows each time the
 * reader nears the end (issue 16, point 5). A page of 25 costs the server about a third less than one of
 * 50, and a phone shows under ten rows. The batch is smaller than a page, so the first page fills the first
 * batch without asking for a second page at once; two batches reach into the second page.
 */
export const LIST_PAGE_SIZE = 25;
export const LIST_BATCH = 20;
