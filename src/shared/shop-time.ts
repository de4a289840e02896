/**
 * The shop's calendar: Bangladesh time (Asia/Dhaka), UTC+06:00 with no daylight saving (none since
 * 2009), so a fixed offset is exact. A day is written `YYYY-MM-DD`. Pure: the server (sales
 * figures, the desk's filter, exports, invoices, demo orders) and the web app share it.
 */
export const dhakaOffsetMs = 6 * 60 * 60 * 1000;
export const dayMs = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD (a real day or not). */
export const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant moved by the offset: its UTC fields (getUTCHours, ...) read Dhaka's wall clock. */
export const dhakaWallClock = (at: Date | number): Date => new Date((typeof at === 'number' ? at : at.getTime()) + dhakaOffsetMs);

/** The shop's day of an instant. */
export const dhakaDay = (at: Date | number): string => dhakaWallClock(at).toISOString().slice(0, 10);

/** The instant a day starts in Dhaka, `plusDays` days later. `day` must be a calendar day. */
export function dhakaDayStart(day: string, plusDays = 0): Date {
  const [, y, m, d] = dayPattern.exec(day) ?? [];
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) + plusDays) - dhakaOffsetMs);
}

/** The first and last years a day may have (what the API takes). */
const firstYear = 2000;
const lastYear = 2200;

/** `raw` when it is a real day of the calendar (no 2026-02-30) between the years above, else undefined. */
export function calendarDay(raw: string | null | undefined): string | undefined {
  const match = raw ? dayPattern.exec(raw) : null;
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(y, m - 1, d));
  const real = at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
  return real && y >= firstYear && y <= lastYear ? (raw as string) : undefined;
}


/** The day `n` days later (or earlier). */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * dayMs).toISOString().slice(0, 10);

/** The Sunday of the week holding `day`: the shop's weeks start on Sunday, Bangladesh's first working day. */
export const weekStart = (day: string): string => addDays(day, -new Date(`${day}T00:00:00Z`).getUTCDay());
