/**
 * The usage service: a month's use, the optional monthly audio quota (reserved when a job starts, settled or
 * given back as it ends) and the per-user cap on speech jobs running at once. The files beside this one are behind it.
 */
export { freeSlot, keepSlot, takeSlot } from './job-slots';
export { audioMsOf, giveBack, holdForJob, holdOf, monthUsage, msOf, quotaOn, refuseOverQuota, releaseHold, reserveAudio, settleHold, type Reservation } from './usage';
