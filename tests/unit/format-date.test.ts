import { describe, expect, it } from 'vitest';

import { formatDate, nextDay, startOfDayIn } from '#app/lib/format-date.ts';

describe('formatDate', () => {
  const iso = '2024-01-15T23:30:00.000Z';
  it('writes the date in the site timezone and format', () => {
    expect(formatDate(iso, 'en')).toBe('2024-01-15');
    expect(formatDate(iso, 'en', { timezone: 'Europe/Paris', dateFormat: 'YYYY-MM-DD', timeFormat: '24' })).toBe('2024-01-16');
    expect(formatDate(iso, 'en', { timezone: 'America/New_York', dateFormat: 'DD/MM/YYYY', timeFormat: '24' })).toBe('15/01/2024');
    expect(formatDate(iso, 'en', { timezone: 'UTC', dateFormat: 'MM/DD/YYYY', timeFormat: '24' })).toBe('01/15/2024');
    expect(formatDate(iso, 'en', { timezone: 'UTC', dateFormat: 'long', timeFormat: '24' })).toBe('January 15, 2024');
    expect(formatDate(iso, 'fr', { timezone: 'UTC', dateFormat: 'long', timeFormat: '24' })).toBe('15 janvier 2024');
  });
  it('adds the time in the site time format', () => {
    expect(formatDate(iso, 'en', { timezone: 'Europe/Paris', dateFormat: 'YYYY-MM-DD', timeFormat: '24' }, { time: true })).toBe(
      '2024-01-16 00:30',
    );
    expect(formatDate(iso, 'en', { timezone: 'America/Los_Angeles', dateFormat: 'YYYY-MM-DD', timeFormat: '12' }, { time: true })).toBe(
      '2024-01-15 3:30 PM',
    );
  });
  it('adds the seconds when asked (the audit log)', () => {
    expect(
      formatDate(iso, 'en', { timezone: 'Europe/Paris', dateFormat: 'DD/MM/YYYY', timeFormat: '24' }, { time: true, seconds: true }),
    ).toBe('16/01/2024 00:30:00');
    expect(
      formatDate(
        '2024-01-15T23:30:07.000Z',
        'en',
        { timezone: 'UTC', dateFormat: 'YYYY-MM-DD', timeFormat: '12' },
        { time: true, seconds: true },
      ),
    ).toBe('2024-01-15 11:30:07 PM');
  });
  it('never throws on bad input', () => {
    expect(formatDate('not a date', 'en')).toBe('');
    expect(formatDate(iso, 'en', { timezone: 'Mars/Olympus', dateFormat: 'YYYY-MM-DD', timeFormat: '24' })).toBe('2024-01-15');
  });
});

describe('formatDate formatters', () => {
  it('writes the same dates when a formatter is reused, per timezone and language', () => {
    const paris = { timezone: 'Europe/Paris', dateFormat: 'DD/MM/YYYY', timeFormat: '24' };
    const long = { ...paris, dateFormat: 'long' };
    for (let i = 0; i < 2; i++) {
      expect(formatDate('2024-01-15T23:30:00Z', 'en', paris, { time: true })).toBe('16/01/2024 00:30');
      expect(formatDate('2024-01-15T23:30:00Z', 'en', { ...paris, timezone: 'UTC' }, { time: true })).toBe('15/01/2024 23:30');
      expect(formatDate('2024-01-15T12:00:00Z', 'fr', long)).toBe('15 janvier 2024');
      expect(formatDate('2024-01-15T12:00:00Z', 'en', long)).toBe('January 15, 2024');
      // An unknown timezone falls back to UTC, in English for the long format, as before.
      expect(formatDate('2024-01-15T23:30:00Z', 'fr', { ...long, timezone: 'Nowhere/Atlantis' })).toBe('January 15, 2024');
    }
  });
});

describe('startOfDayIn', () => {
  it("gives the first moment of the site's day, across clock changes", () => {
    expect(startOfDayIn('2024-01-15', 'UTC')).toBe('2024-01-15T00:00:00.000Z');
    expect(startOfDayIn('2024-01-15', 'Europe/Paris')).toBe('2024-01-14T23:00:00.000Z');
    expect(startOfDayIn('2024-07-15', 'Europe/Paris')).toBe('2024-07-14T22:00:00.000Z');
    // The days the clocks go forward and back (at 02:00 and 03:00 local): midnight keeps the old offset.
    expect(startOfDayIn('2024-03-31', 'Europe/Paris')).toBe('2024-03-30T23:00:00.000Z');
    expect(startOfDayIn('2024-10-27', 'Europe/Paris')).toBe('2024-10-26T22:00:00.000Z');
    expect(startOfDayIn('2024-03-10', 'America/New_York')).toBe('2024-03-10T05:00:00.000Z');
    expect(startOfDayIn('2024-03-11', 'America/New_York')).toBe('2024-03-11T04:00:00.000Z');
    expect(startOfDayIn('2024-01-15', 'Asia/Kolkata')).toBe('2024-01-14T18:30:00.000Z');
    // Santiago's clocks jump from 00:00 to 01:00: that day begins at 01:00 local (04:00 UTC).
    expect(startOfDayIn('2024-09-08', 'America/Santiago')).toBe('2024-09-08T04:00:00.000Z');
    // An unknown timezone is UTC, as for writing dates.
    expect(startOfDayIn('2024-01-15', 'Nowhere/Atlantis')).toBe('2024-01-15T00:00:00.000Z');
  });

  it('steps to the next day across months and years', () => {
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('2023-12-31')).toBe('2024-01-01');
  });
});
