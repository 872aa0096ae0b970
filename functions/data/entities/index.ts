/** Every entity of the single table, one per file; db.ts builds the table's Service from them. */
export { AdmissionPool, QueuedJob } from './admission';
export { AudioMonth } from './audio-month';
export { Counter } from './counter';
export { JobSlots } from './job-slots';
export { KnownDevice } from './known-device';
export { LiveSession } from './live-session';
export { PendingJob } from './pending-job';
export { PendingSignUp } from './pending-sign-up';
export { Profile } from './profile';
export { Project } from './project';
export { ResetToken } from './reset-token';
export { SearchShard } from './search-shard';
export { Session } from './session';
export { ShareLink } from './share-link';
export { Tag } from './tag';
export { TagName } from './tag-name';
export { Transcript } from './transcript';
export { Upload } from './upload';
