import { FALLBACK_LOCALE, formatDayTime } from '../../../domain/dateFormat.js';
import { isBookingStatus } from '../../../domain/bookingStatus.js';
import { resolveRoomCheckIns, shouldAutoCancel } from '../../../domain/checkIn.js';
import { deskWindowState } from '../../../domain/deskCheckIn.js';
import type { AppDeps } from '../../deps.js';
import type { Job } from '../../jobs/scheduler.js';
import { CheckInLimiter } from '../checkIn/checkInLimiter.js';
import { bookingInvitation } from '../mail/bookingInvitation.js';
import { notify } from '../notifications/notify.js';
import { inTransaction } from '../orgAccess/orgAccess.repo.js';
import { lockCandidates, markAutoCancelled, type NoShowCandidate } from './noShow.repo.js';
import { lockDeskCandidates, markDesksAutoCancelled, type DeskNoShowCandidate } from './deskNoShow.repo.js';

/** Bookings that started longer ago than this are never released (see lockCandidates). */
export const NO_SHOW_LOOKBACK_HOURS = 24;
const BATCH = 200;

const releasable = (c: NoShowCandidate, now: Date): boolean =>
  isBookingStatus(c.status) && shouldAutoCancel({
    status: c.status, start: c.starts_at, checkedIn: c.checked_in_at !== null,
    checkInsEnabled: resolveRoomCheckIns(c.room_check_ins, c.location_check_ins, c.site_check_ins),
  }, now);

/**
 * The no-show release (SPEC 4, 9): an Approved booking of a room with check-ins on that nobody
 * checked in to by 15 minutes after its start becomes AutoCancel, freeing the slot, and the owner
 * (and the on-behalf person) is told. Each batch is one transaction: lock (SKIP LOCKED), decide,
 * update, notify, commit, so every instance may run this at once and each booking changes once.
 * Returns the ids released.
 */
type NoShowDeps = Pick<AppDeps, 'pool' | 'now'> & { config?: Partial<Pick<AppDeps['config'], 'mailLocale' | 'mailFrom'>> };

export async function releaseNoShows(deps: NoShowDeps): Promise<number[]> {
  return [...await releaseRoomNoShows(deps), ...await releaseDeskNoShows(deps)];
}

async function releaseRoomNoShows(deps: NoShowDeps): Promise<number[]> {
  const released: number[] = [];
  for (;;) {
    const now = deps.now();
    const batch = await inTransaction(deps.pool, async (client) => {
      const candidates = await lockCandidates(client, now, NO_SHOW_LOOKBACK_HOURS, BATCH);
      const due = candidates.filter((c) => releasable(c, now));
      const changed = new Set(await markAutoCancelled(client, due.map((c) => c.id), now));
      for (const c of due.filter((d) => changed.has(d.id))) {
        // The shared date format on the site's clock, in mail's language: 'Mon, 7 Jan 2030, 09:00' (en-GB).
        const when = formatDayTime(c.starts_at, { timeZone: c.time_zone, locale: deps.config?.mailLocale ?? FALLBACK_LOCALE, short: true, withYear: true });
        // The CANCEL that takes the meeting out of the person's calendar (issue 23), when mail has a sender.
        const mailFrom = deps.config?.mailFrom;
        const ics = mailFrom ? await bookingInvitation(client, { mailFrom }, c.id) : undefined;
        await notify(client, {
          ...(ics ? { ics } : {}),
          userIds: [c.booked_by_user_id],
          emails: c.on_behalf_of_email ? [c.on_behalf_of_email] : [],
          subject: 'Room booking released: nobody checked in',
          text: `Nobody checked in to ${c.room_name} (${c.site_name}) within 15 minutes of the start of your booking on ${when}` +
            `${c.description ? ` ("${c.description}")` : ''}, so it has been cancelled automatically and the room is free for others.`,
          url: '/menu/mybookings',
        });
      }
      // A full batch may hide more; a batch with nothing due ends the run (no endless loop on odd rows).
      return { ids: [...changed], more: candidates.length === BATCH && due.length > 0 };
    });
    released.push(...batch.ids);
    if (!batch.more) return released;
  }
}


const deskReleasable = (c: DeskNoShowCandidate, now: Date): boolean =>
  c.required && c.status === 1 && c.checked_in_at === null
  && deskWindowState(c.starts_at, { beforeMinutes: c.before_minutes, afterMinutes: c.after_minutes }, now) === 'closed';

/**
 * The desk no-show release (issue 24): an Approved desk booking at a site or location that requires
 * desk check-in, not checked in by the window's end, becomes AutoCancel, and its people are told (mail
 * with the calendar CANCEL, and push). The same batch transaction as the rooms' (SKIP LOCKED), so
 * each booking is released and announced once across instances; the live trigger (migration 0025)
 * turns the desk free on every map at commit.
 */
async function releaseDeskNoShows(deps: NoShowDeps): Promise<number[]> {
  const released: number[] = [];
  for (;;) {
    const now = deps.now();
    const batch = await inTransaction(deps.pool, async (client) => {
      const candidates = await lockDeskCandidates(client, now, NO_SHOW_LOOKBACK_HOURS, BATCH);
      const due = candidates.filter((c) => deskReleasable(c, now));
      const changed = new Set(await markDesksAutoCancelled(client, due.map((c) => ({ id: Number(c.id), afterMinutes: c.after_minutes })), now));
      for (const c of due.filter((d) => changed.has(Number(d.id)))) {
        const when = formatDayTime(c.starts_at, { timeZone: c.time_zone, locale: deps.config?.mailLocale ?? FALLBACK_LOCALE, short: true, withYear: true });
        const mailFrom = deps.config?.mailFrom;
        const ics = mailFrom ? await bookingInvitation(client, { mailFrom }, Number(c.id)) : undefined;
        await notify(client, {
          ...(ics ? { ics } : {}),
          userIds: [c.booked_by_user_id],
          emails: c.on_behalf_of_email ? [c.on_behalf_of_email] : [],
          subject: 'Desk booking released: nobody checked in',
          text: `Nobody checked in to desk ${c.desk_name} (${c.floorplan_name}, ${c.site_name}) within ${c.after_minutes} minutes of the start of your booking on ${when}, ` +
            'so it has been cancelled automatically and the desk is free for others.',
          url: '/menu/mybookings',
        });
      }
      return { ids: [...changed], more: candidates.length === BATCH && due.length > 0 };
    });
    released.push(...batch.ids);
    if (!batch.more) return released;
  }
}

/** The jobs of issue 5: the no-show release every minute, and the purge of old check-in attempts. */
export function noShowJobs(deps: AppDeps): Job[] {
  const limiter = new CheckInLimiter(deps.pool);
  return [
    { name: 'release no-show room and desk bookings', everyMs: 60_000, run: () => releaseNoShows(deps) },
    { name: 'purge old check-in attempts', everyMs: 10 * 60_000, run: () => limiter.purgeOld() },
  ];
}
