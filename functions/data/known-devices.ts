/** Browsers that have signed in to an account with its password (KnownDevice, issue 25). */
import { db } from './db';

/** The device's record for an account while it lives (TTL deletion lags: expiry is checked here too). */
export async function findKnownDevice(deviceKey: string, now: number): Promise<{ userId: string } | null> {
  const { data } = await db().entities.knownDevice.get({ deviceKey }).go();
  return data && data.expiresAt > now ? { userId: data.userId } : null;
}

export async function putKnownDevice(deviceKey: string, userId: string, expiresAt: number): Promise<void> {
  await db().entities.knownDevice.put({ deviceKey, userId, expiresAt }).go();
}
