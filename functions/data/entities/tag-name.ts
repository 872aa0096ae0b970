/**
 * A tag name taken by one of the user's tags: created with a condition, so two requests for one new
 * name (or two renames to it) make one tag, however close together (issue 16).
 */
import { Entity } from 'electrodb';
import { model, required, underUser } from './table';

export const TagName = new Entity({
  model: model('tagName'),
  /** `nameKey`: the name as compared (case folded, Unicode-normalised). */
  attributes: required('string', 'userId', 'nameKey', 'tagId'),
  indexes: underUser(['nameKey']),
});
