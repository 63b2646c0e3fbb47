import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpMock, type MockRequest } from './http-mock';

interface MockTask {
  id: string;
  action: string;
  polls: number;
  fail: boolean;
  submitTime: number;
}

/**
 * A Suno-API stand-in, speaking the JSON new-api relays: `POST /suno/submit/{music|lyrics}` answers
 * `{code: "success", data: "<task id>"}`; `POST /suno/fetch {ids}` answers the tasks, which move from
 * SUBMITTED through IN_PROGRESS to SUCCESS (audio URLs or lyrics) on the third fetch. A prompt
 * containing "refuse" is refused at submission; one containing "fail" ends in FAILURE.
 */
export class SunoMock extends HttpMock {
  readonly tasks = new Map<string, MockTask>();
  private next = 0;
  /** Fetches answered with 500 while true (polling back-off). */
  down = false;
  /** Polls before a task finishes. */
  pollsToFinish = 3;

  constructor(private readonly key: string) {
    super();
  }

  protected answer(_req: IncomingMessage, res: ServerResponse, r: MockRequest): void {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (r.headers.authorization !== `Bearer ${this.key}`) return send(401, { code: 'unauthorized', message: 'bad key', data: null });
    const submit = /^\/suno\/submit\/(music|lyrics)$/.exec(r.path);
    if (r.method === 'POST' && submit) {
      const prompt = String(r.body?.prompt ?? r.body?.gpt_description_prompt ?? '');
      if (prompt.includes('refuse')) return send(400, { code: 'error', message: 'prompt rejected', data: null });
      const id = `suno-task-${++this.next}-${Date.now()}`;
      this.tasks.set(id, { id, action: submit[1].toUpperCase(), polls: 0, fail: prompt.includes('fail'), submitTime: Math.floor(Date.now() / 1000) });
      return send(200, { code: 'success', message: '', data: id });
    }
    if (r.method === 'POST' && r.path === '/suno/fetch') {
      if (this.down) return send(500, { code: 'error', message: 'down', data: null });
      const ids: string[] = Array.isArray(r.body?.ids) ? r.body.ids : [];
      const data = ids.flatMap((id) => {
        const t = this.tasks.get(id);
        return t ? [this.view(t)] : [];
      });
      return send(200, { code: 'success', message: '', data });
    }
    send(404, { code: 'not_found', message: 'no such path', data: null });
  }

  private view(t: MockTask) {
    t.polls++;
    const now = Math.floor(Date.now() / 1000);
    const done = t.polls >= this.pollsToFinish;
    const status = !done ? (t.polls === 1 ? 'SUBMITTED' : 'IN_PROGRESS') : t.fail ? 'FAILURE' : 'SUCCESS';
    const clips =
      t.action === 'MUSIC'
        ? [{ id: `${t.id}-clip`, title: 'song', audio_url: `https://cdn.example.invalid/${t.id}.mp3`, status: done ? 'complete' : 'streaming' }]
        : { id: t.id, title: 'lyrics', text: '[Verse]\nla la la', status: done ? 'complete' : 'running' };
    return {
      task_id: t.id,
      action: t.action,
      status,
      fail_reason: done && t.fail ? 'upstream generation failed' : '',
      submit_time: t.submitTime,
      start_time: t.submitTime,
      finish_time: done ? now : 0,
      progress: done ? '100%' : `${t.polls * 30}%`,
      data: status === 'SUCCESS' || !done ? clips : null,
    };
  }
}
