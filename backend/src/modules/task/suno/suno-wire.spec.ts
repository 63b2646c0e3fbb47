import { fetchedTasks, refusalMessage, submittedTaskId } from './suno-wire';

describe('suno-wire', () => {
  it('reads the submit answer', () => {
    expect(submittedTaskId({ code: 'success', message: '', data: 'abc-1' })).toBe('abc-1');
    expect(submittedTaskId({ code: 'error', message: 'no', data: 'abc-1' })).toBeNull();
    expect(submittedTaskId({ code: 'success', data: 'x'.repeat(192) })).toBeNull();
    expect(submittedTaskId(null)).toBeNull();
    expect(refusalMessage({ message: 'prompt rejected' })).toBe('prompt rejected');
  });

  it('reads fetched tasks; unknown statuses stay UNKNOWN (still polled)', () => {
    const tasks = fetchedTasks({
      code: 'success',
      data: [
        { task_id: 'a', status: 'SUCCESS', progress: '100%', finish_time: 5, data: [{ audio_url: 'u' }] },
        { task_id: 'b', status: 'weird' },
        { status: 'SUCCESS' },
      ],
    });
    expect(tasks).toHaveLength(2);
    expect(tasks[0]).toMatchObject({ taskId: 'a', status: 'SUCCESS', finishTime: 5, data: [{ audio_url: 'u' }] });
    expect(tasks[1].status).toBe('UNKNOWN');
    expect(fetchedTasks({ code: 'error', data: [] })).toEqual([]);
  });
});
