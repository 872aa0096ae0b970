/** A summary template of the user's own (issue 30): a custom instruction saved under a name. */
import { Entity } from 'electrodb';
import { createdAtIso, model, required, underUser } from './table';

export const SavedTemplate = new Entity({
  model: model('savedTemplate'),
  attributes: {
    ...required('string', 'userId', 'templateId', 'name', 'instruction'),
    createdAt: createdAtIso(),
  },
  indexes: underUser(['templateId']),
});
