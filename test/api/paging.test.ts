/**
 * Lenient paging on every paged /api list (docs/console-api.md#paging): a page index or size that is not a
 * whole number, or is negative, is the first page / the default size; sizes above 100 are clamped.
 */
import { ApiClient } from '../support/api-client';
import { createUser, setupRoot } from '../support/fixtures';
import { startApp, type TestApp } from '../support/test-app';

const LISTS: Array<[string, 'root' | 'user']> = [
  ['/api/user/', 'root'],
  ['/api/user/search?keyword=a&', 'root'],
  ['/api/token/', 'user'],
  ['/api/token/search?keyword=a&', 'user'],
  ['/api/channel/', 'root'],
  ['/api/channel/search?keyword=a&', 'root'],
  ['/api/redemption/', 'root'],
  ['/api/redemption/search?keyword=a&', 'root'],
  ['/api/log/', 'root'],
  ['/api/log/self/', 'user'],
  ['/api/user/topup/self', 'user'],
];

const QUERIES: Array<[string, { page: number; page_size: number }]> = [
  ['p=abc&page_size=ten', { page: 0, page_size: 10 }],
  ['p=-1&page_size=-5', { page: 0, page_size: 10 }],
  ['p=&page_size=0', { page: 0, page_size: 10 }],
  ['p=0&page_size=1000', { page: 0, page_size: 100 }],
  ['p=2&page_size=20', { page: 2, page_size: 20 }],
];

describe('lenient paging', () => {
  let t: TestApp;
  let root: ApiClient;
  let user: ApiClient;
  beforeAll(async () => {
    t = await startApp();
    root = await setupRoot(t.url);
    user = (await createUser(root, 'pager')).client;
  });
  afterAll(() => t.close());

  const cases = LISTS.flatMap(([list, who]) => QUERIES.map(([query, expected]) => [list, who, query, expected] as const));
  it.each(cases)('%s (%s) ?%s → 200, %j', async (list, who, query, expected) => {
    const url = `${list}${list.includes('?') ? '' : '?'}${query}`;
    const res = await (who === 'root' ? root : user).get(url);
    expect({ status: res.status, success: res.body.success }).toEqual({ status: 200, success: true });
    expect(res.body.data).toMatchObject(expected);
  });

  it.each(['/api/token/', '/api/redemption/search?keyword=a&'])('%s: size is read the same way', async (list) => {
    const client = list.startsWith('/api/token') ? user : root;
    const sep = list.includes('?') ? '' : '?';
    expect((await client.get(`${list}${sep}size=5000`)).body.data).toMatchObject({ page: 0, page_size: 100 });
    expect((await client.get(`${list}${sep}size=nope`)).body.data).toMatchObject({ page: 0, page_size: 10 });
  });
});
