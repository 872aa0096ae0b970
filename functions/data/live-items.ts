/** Items with a time to live: DynamoDB deletes expired items late, and the local table never, so every read checks expiry itself. */

/** The item while it lives (until `expiresAt`, epoch seconds); null when it is absent or expired. */
export const whileLive = <T extends { expiresAt: number }>(item: T | null, nowSeconds = Date.now() / 1000): T | null => (item && item.expiresAt > nowSeconds ? item : null);
