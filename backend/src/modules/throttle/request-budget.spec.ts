import { budgetOf } from './request-budget';

describe('budgetOf: which per-IP budget a request spends', () => {
  it.each([
    ['GET', '/api/status', 'api'],
    ['POST', '/api/user/login', 'api'],
    ['GET', '/api?x=1', 'api'],
    ['GET', '/', 'web'],
    ['GET', '/index.html', 'web'],
    ['GET', '/console/token?p=1', 'web'],
    ['HEAD', '/login', 'web'],
    ['GET', '/main.0123abcd.js', null],
    ['GET', '/remoteEntry.js', null],
    ['GET', '/remotes/admin/page', null],
    ['GET', '/remotes.json', null],
    ['GET', '/healthz', null],
    ['GET', '/readyz', null],
    ['POST', '/v1/chat/completions', null],
    ['GET', '/v1/models', null],
    ['GET', '/v1beta/models', null],
    ['POST', '/pg/chat/completions', null],
    ['GET', '/dashboard/billing/usage', null],
    ['POST', '/login', null],
    ['GET', '/apiary', 'web'],
  ] as const)('%s %s -> %s', (method, url, expected) => {
    expect(budgetOf(method, url)).toBe(expected);
  });
});
