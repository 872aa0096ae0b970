/**
 * The usage service: a month's use, the optional monthly audio quota's ledger (a job's length reserved when it
 * starts, settled or given back as it ends; what a transcript holds is the transcript service's) and the
 * per-user cap on speech jobs running at once. The files beside this one are behind it.
 */
export { freeSlot, keepSlot, takeSlot } from './job-slots';
export { addToReservation, audioMsOf, giveBack, holdOf, monthOf, monthUsage, msOf, quotaOn, refuseOverQuota, reserveAudio, type Reservation } from './usage';
