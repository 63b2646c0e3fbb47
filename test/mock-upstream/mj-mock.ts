import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpMock, type MockRequest } from './http-mock';

interface MockTask {
  id: string;
  action: string;
  prompt: string;
  polls: number;
  fail: boolean;
  submitTime: number;
}

/** The bytes every finished task's image answers (a PNG signature and some padding). */
export const MJ_IMAGE = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

/**
 * A midjourney-proxy stand-in (its public JSON): `POST /mj/submit/{kind}` answers
 * `{code: 1, description, result: "<id>"}`; a prompt with "refuse" is refused (code 24), one with
 * "dup" submitted again answers code 22 with the first task's id, one with "fail" ends in FAILURE.
 * `POST /mj/task/list-by-condition {ids}` answers the tasks, which reach SUCCESS (image URL on this
 * server, U1 button) on their third poll; `GET /mj/task/{id}/image-seed` the seed.
 */
export class MjMock extends HttpMock {
  readonly tasks = new Map<string, MockTask>();
  private next = 1_700_000_000;
  pollsToFinish = 3;

  constructor(private readonly key: string) {
    super();
  }

  protected answer(_req: IncomingMessage, res: ServerResponse, r: MockRequest): void {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const image = /^\/images\/(\d+)\.png$/.exec(r.path);
    if (image) {
      res.writeHead(200, { 'content-type': 'image/png' });
      return void res.end(MJ_IMAGE);
    }
    if (r.headers['mj-api-secret'] !== this.key) return send(401, { code: 4, description: 'bad secret', result: null });
    const submit = /^\/mj\/submit\/([a-z-]+)$/.exec(r.path);
    if (r.method === 'POST' && submit) return send(200, this.submit(submit[1], r.body ?? {}));
    if (r.method === 'POST' && r.path === '/mj/task/list-by-condition') {
      const ids: string[] = Array.isArray(r.body?.ids) ? r.body.ids : [];
      return send(200, ids.flatMap((id) => (this.tasks.has(id) ? [this.view(this.tasks.get(id)!)] : [])));
    }
    const seed = /^\/mj\/task\/(\d+)\/image-seed$/.exec(r.path);
    if (r.method === 'GET' && seed) return send(200, { code: 1, description: '成功', result: `seed-${seed[1]}` });
    send(404, { code: 3, description: 'not found', result: null });
  }

  private submit(kind: string, body: Record<string, any>) {
    const prompt = String(body.prompt ?? '');
    if (prompt.includes('refuse')) return { code: 24, description: '可能包含敏感词', result: null, properties: { bannedWord: 'refuse' } };
    if (kind === 'upload-discord-images') return { code: 1, description: '提交成功', result: ['https://cdn.example.invalid/a.png'] };
    if (prompt.includes('dup')) {
      const first = [...this.tasks.values()].find((t) => t.prompt === prompt);
      if (first) return { code: 22, description: '排队中，前面还有1个任务', result: first.id, properties: {} };
    }
    const id = String(++this.next);
    const action = kind === 'action' ? 'UPSCALE' : kind.toUpperCase();
    this.tasks.set(id, { id, action, prompt, polls: 0, fail: prompt.includes('fail'), submitTime: Date.now() });
    return { code: 1, description: '提交成功', result: id, properties: { discordInstanceId: 'mock' } };
  }

  private view(t: MockTask) {
    t.polls++;
    const done = t.polls >= this.pollsToFinish;
    const status = !done ? 'IN_PROGRESS' : t.fail ? 'FAILURE' : 'SUCCESS';
    return {
      id: t.id,
      action: t.action,
      prompt: t.prompt,
      promptEn: t.prompt,
      description: '/imagine ' + t.prompt,
      state: '',
      submitTime: t.submitTime,
      startTime: t.submitTime + 1,
      finishTime: done ? Date.now() : 0,
      imageUrl: status === 'SUCCESS' ? `${this.url}/images/${t.id}.png` : '',
      status,
      progress: done ? '100%' : `${t.polls * 30}%`,
      failReason: status === 'FAILURE' ? 'Midjourney refused the job' : '',
      buttons: status === 'SUCCESS' ? [{ customId: `MJ::JOB::upsample::1::${t.id}`, emoji: '', label: 'U1', type: 2, style: 2 }] : [],
      properties: { finalPrompt: t.prompt },
    };
  }
}
