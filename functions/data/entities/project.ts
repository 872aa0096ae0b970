/** A project (docs/product.md#entities): a named group of the user's transcripts. */
import { Entity } from 'electrodb';
import { createdAtIso, model, required, underUser } from './table';

export const Project = new Entity({
  model: model('project'),
  attributes: {
    ...required('string', 'userId', 'projectId', 'name'),
    description: { type: 'string', default: '' },
    createdAt: createdAtIso(),
  },
  indexes: underUser(['projectId']),
});
