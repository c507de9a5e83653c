import {
  DEFAULT_SCHEDULE,
  addDays,
  isQuietHour,
  quietHoursEnd,
  reminderTargets,
} from './reminder-rules';

describe('reminder targets', () => {
  it('reminds n days before, on the day and n days after the due date', () => {
    expect(reminderTargets(DEFAULT_SCHEDULE, '2026-09-28')).toEqual([
      { kind: 'BEFORE_DUE', dueOn: '2026-10-01' },
      { kind: 'DUE_TODAY', dueOn: '2026-09-28' },
      { kind: 'OVERDUE', dueOn: '2026-09-25' },
    ]);
  });

  it('leaves out what the school turned off, and everything when disabled', () => {
    const school = { ...DEFAULT_SCHEDULE, daysBefore: null, onDueDay: false, daysOverdue: 10 };
    expect(reminderTargets(school, '2026-03-01')).toEqual([
      { kind: 'OVERDUE', dueOn: '2026-02-19' },
    ]);
    expect(reminderTargets({ ...DEFAULT_SCHEDULE, enabled: false }, '2026-03-01')).toEqual([]);
  });

  it('crosses months and leap days', () => {
    expect(addDays('2028-02-27', 3)).toBe('2028-03-01');
    expect(addDays('2026-01-02', -3)).toBe('2025-12-30');
  });
});

describe('quiet hours (America/Mexico_City)', () => {
  it('wraps past midnight', () => {
    expect([20, 21, 23, 0, 7, 8].map((h) => isQuietHour(h, 21, 8))).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(isQuietHour(13, 13, 15)).toBe(true);
    expect(isQuietHour(9, 9, 9)).toBe(false);
  });

  it('says when a reminder written at night may go out: 08:00 in Mexico City', () => {
    // 23:30 in Mexico City (UTC-6) is 05:30 UTC the next day; 08:00 there is 14:00 UTC.
    expect(quietHoursEnd(DEFAULT_SCHEDULE, new Date('2026-09-02T05:30:20Z'))).toEqual(
      new Date('2026-09-02T14:00:00Z'),
    );
    expect(quietHoursEnd(DEFAULT_SCHEDULE, new Date('2026-09-02T16:00:00Z'))).toBeNull();
  });
});
