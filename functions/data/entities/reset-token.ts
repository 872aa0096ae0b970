/** A password-reset link's token: works once, until `expiresAt`. */
import { Entity } from 'electrodb';
import { model, ownKeyUnderUser, required } from './table';

export const ResetToken = new Entity({
  model: model('resetToken'),
  attributes: { ...required('string', 'tokenId', 'userId', 'email'), ...required('number', 'expiresAt') },
  indexes: ownKeyUnderUser(['tokenId']),
});
