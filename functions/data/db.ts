/** The table's ElectroDB service, bound to the configured table and client once per process. */
import { Service } from 'electrodb';
import { documentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { once } from '../platform/lazy';
import { AdmissionPool, AudioMonth, Counter, JobSlots, KnownDevice, LiveSession, PendingJob, PendingSignUp, QueuedJob, Profile, Project, ResetToken, SavedTemplate, SearchShard, Session, ShareLink, Tag, TagName, Transcript, Upload } from './entities';

export const db = once(
  () => new Service(
      { session: Session, profile: Profile, resetToken: ResetToken, counter: Counter, transcript: Transcript, upload: Upload, pendingJob: PendingJob, pendingSignUp: PendingSignUp, jobSlots: JobSlots, project: Project, tag: Tag, tagName: TagName, searchShard: SearchShard, shareLink: ShareLink, audioMonth: AudioMonth, knownDevice: KnownDevice, liveSession: LiveSession, queuedJob: QueuedJob, admissionPool: AdmissionPool, savedTemplate: SavedTemplate },
      { client: documentClient(), table: getConfig().TABLE_NAME },
    ),
);
