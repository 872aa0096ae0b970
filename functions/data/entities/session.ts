/** Server-side sessions: keyed by the SHA-256 of the cookie token, so a table leak yields no usable cookie. */
import { Entity } from 'electrodb';
import { model, ownKeyUnderUser, required } from './table';

export const Session = new Entity({
  model: model('session'),
  attributes: {
    ...required('string', 'tokenHash', 'userId', 'email'),
    firstLogin: { type: 'boolean', default: false },
    /** How the person signed in; sessions stored before this field read as 'password' (the stricter rule). */
    method: { type: ['password', 'google', 'google-stand-in'] as const, default: 'password' },
    /** When the person signed in (epoch seconds), and when the session ends. */
    ...required('number', 'createdAt', 'expiresAt'),
  },
  indexes: ownKeyUnderUser(['tokenHash']),
});
