/**
 * The version of one shard of a user's search index (the shard itself is an S3 object named by it).
 * A conditional write on the version makes concurrent index updates retry instead of losing one.
 */
import { Entity } from 'electrodb';
import { model, required, underUser } from './table';

export const SearchShard = new Entity({
  model: model('searchShard'),
  attributes: {
    ...required('string', 'userId'),
    ...required('number', 'shard', 'version'),
    // The name of the write that stored this version: two updates racing from one version write different
    // objects, so the loser's clean-up never deletes the winner's. Absent on versions stored before it.
    object: { type: 'string' },
  },
  indexes: underUser(['shard']),
});
