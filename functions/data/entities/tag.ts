/** A tag (docs/product.md#entities). Transcripts carry tag names; renaming or deleting a tag updates them. */
import { Entity } from 'electrodb';
import { createdAtIso, model, required, underUser } from './table';

export const Tag = new Entity({
  model: model('tag'),
  attributes: { ...required('string', 'userId', 'tagId', 'name'), createdAt: createdAtIso() },
  indexes: underUser(['tagId']),
});
