/**
 * A sign-up waiting for its code (issue 16): the identity it made (`userId`, Cognito's sub) and the SHA-256
 * of the cookie of each browser that may confirm it (the one that made it; one that logged in with its
 * password). Not user-owned: there is no account yet.
 */
import { Entity } from 'electrodb';
import { model, primaryKey, required } from './table';

export const PendingSignUp = new Entity({
  model: model('pendingSignUp'),
  attributes: {
    ...required('string', 'email', 'userId'),
    nonceHashes: { type: 'list', items: { type: 'string' }, required: true },
    ...required('number', 'expiresAt'),
  },
  indexes: { primary: primaryKey(['email']) },
});
