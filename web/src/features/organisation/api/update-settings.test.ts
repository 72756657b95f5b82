import { checkSettings } from './update-settings';

describe('checkSettings: the working day', () => {
  const saved = { day_start_hour: 6, day_end_hour: 18 };
  it('sends start and end together when either changes, within 0–24 and start before end', () => {
    expect(checkSettings({ day_start_hour: 5 }, saved)).toEqual({ ok: true, body: { day_start_hour: 5, day_end_hour: 18 } });
    expect(checkSettings({ day_start_hour: 0, day_end_hour: 24 }, saved)).toEqual({ ok: true, body: { day_start_hour: 0, day_end_hour: 24 } });
  });
  it('blames the field in trouble', () => {
    expect(checkSettings({ day_start_hour: 18 }, saved)).toEqual({ ok: false, fields: ['day_start_hour'] });
    expect(checkSettings({ day_start_hour: 9, day_end_hour: 9 }, saved)).toEqual({ ok: false, fields: ['day_end_hour'] });
    expect(checkSettings({ day_start_hour: -1 }, saved)).toEqual({ ok: false, fields: ['day_start_hour'] });
    expect(checkSettings({ day_start_hour: 24, day_end_hour: 24 }, saved)).toEqual({ ok: false, fields: ['day_start_hour'] });
    expect(checkSettings({ day_end_hour: 25 }, saved)).toEqual({ ok: false, fields: ['day_end_hour'] });
    expect(checkSettings({ day_end_hour: 7.5 }, saved)).toEqual({ ok: false, fields: ['day_end_hour'] });
  });
});
