/**
 * A browser that signed in to an account with its password (issue 25): keyed by the SHA-256 of its device
 * cookie's token and the account's e-mail (the token itself is never stored). Under the user: removed with the account.
 */
import { Entity } from 'electrodb';
import { model, ownKeyUnderUser, required } from './table';

export const KnownDevice = new Entity({
  model: model('knownDevice'),
  attributes: { ...required('string', 'deviceKey', 'userId'), ...required('number', 'expiresAt') },
  indexes: ownKeyUnderUser(['deviceKey']),
});
