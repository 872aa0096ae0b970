/** Browsers that have signed in to an account with its password (KnownDevice, issue 25). */
import { db } from './db';
import { whileLive } from './live-items';

/** The device's record for an account while it lives (TTL deletion lags: expiry is checked here too). */
export async function findKnownDevice(deviceKey: string, now: number): Promise<{ userId: string } | null> {
  const live = whileLive((await db().entities.knownDevice.get({ deviceKey }).go()).data, now);
  return live && { userId: live.userId };
}

export async function putKnownDevice(deviceKey: string, userId: string, expiresAt: number): Promise<void> {
  await db().entities.knownDevice.put({ deviceKey, userId, expiresAt }).go();
}
