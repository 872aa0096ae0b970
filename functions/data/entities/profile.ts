/** The user's profile (docs/product.md#entities). `age` holds the date of birth. */
import { Entity } from 'electrodb';
import { model, required, underUser } from './table';

export const Profile = new Entity({
  model: model('profile'),
  attributes: {
    ...required('string', 'userId', 'email'),
    name: { type: 'string', default: '' },
    country: { type: 'string', default: '' },
    gender: { type: 'string', default: '' },
    customGender: { type: 'string', default: '' },
    age: { type: 'string', default: '' },
    ageChangeCount: { type: 'number', default: 0 },
    /** Set once the user has been in (welcome or dashboard): later sessions are not first logins. */
    welcomed: { type: 'boolean', default: false },
    /** Epoch milliseconds; set at creation. */
    createdAt: { type: 'number', required: true, default: () => Date.now() },
  },
  indexes: underUser([]),
});
