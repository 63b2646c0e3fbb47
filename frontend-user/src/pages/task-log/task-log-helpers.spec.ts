import { defaultDrawingRange, defaultTaskRange, drawingQuery, elapsedSeconds, progressPercent, safeImageUrl, statusKey, taskQuery } from './task-log-helpers';

describe('task log helpers', () => {
  it('shows only http(s) images or the gateway forward', () => {
    expect(safeImageUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(safeImageUrl('http://127.0.0.1:9/a.png')).toBe('http://127.0.0.1:9/a.png');
    expect(safeImageUrl('/mj/image/123')).toBe('/mj/image/123');
    expect(safeImageUrl('javascript:alert(1)')).toBeNull();
    expect(safeImageUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(safeImageUrl('//evil.example.com/a.png')).toBeNull();
    expect(safeImageUrl('')).toBeNull();
  });

  it('reads progress as a clamped percentage', () => {
    expect(progressPercent('45%')).toBe(45);
    expect(progressPercent('100%')).toBe(100);
    expect(progressPercent('150%')).toBe(100);
    expect(progressPercent('')).toBe(0);
    expect(progressPercent('soon')).toBe(0);
  });

  it('sends drawing times in ms and task times in seconds; channel for admins only', () => {
    const f = { start: 1_700_000_000_123, end: 1_700_000_360_999, id: ' x ', channel: '7' };
    expect(drawingQuery(f, true)).toEqual({ mj_id: 'x', channel_id: 7, start_timestamp: 1_700_000_000_123, end_timestamp: 1_700_000_360_999 });
    expect(taskQuery(f, false)).toEqual({ task_id: 'x', channel_id: undefined, start_timestamp: 1_700_000_000, end_timestamp: 1_700_000_360 });
    expect(taskQuery({ id: '', channel: 'abc' }, true)).toEqual({ task_id: undefined, channel_id: undefined, start_timestamp: undefined, end_timestamp: undefined });
  });

  it('defaults: drawings the last 30 days to an hour ahead, tasks from today with no end', () => {
    const now = new Date(2026, 0, 15, 13, 30).getTime();
    expect(defaultDrawingRange(now)).toEqual({ start: now - 30 * 86_400_000, end: now + 3_600_000 });
    expect(defaultTaskRange(now)).toEqual({ start: new Date(2026, 0, 15).getTime(), end: undefined });
  });

  it('durations and status keys', () => {
    expect(elapsedSeconds(1000, 4500, true)).toBe(3.5);
    expect(elapsedSeconds(10, 40, false)).toBe(30);
    expect(elapsedSeconds(10, 0, false)).toBeNull();
    expect(statusKey('SUCCESS')).toBe('tasklog.status_SUCCESS');
    expect(statusKey('WEIRD')).toBe('tasklog.status_UNKNOWN');
  });
});
