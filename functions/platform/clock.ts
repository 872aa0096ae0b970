/** The time in whole seconds since the epoch, as the table's expiries and the counters' windows count it. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
