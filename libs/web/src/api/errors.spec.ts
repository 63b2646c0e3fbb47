import { classifyFailure, loginRedirect } from './errors';

describe('classifyFailure (global handler)', () => {
  it.each([
    [401, 'x', { action: 'login' }],
    [429, 'x', { action: 'toast', level: 'error', key: 'error.too_many_requests' }],
    [500, 'boom', { action: 'toast', level: 'error', key: 'error.server' }],
    [405, '', { action: 'toast', level: 'info', key: 'error.demo_site' }],
    [403, '无权进行此操作', { action: 'toast', level: 'error', key: 'error.generic', params: { message: '无权进行此操作' } }],
    [400, '', { action: 'toast', level: 'error', key: 'error.generic', params: { message: 'HTTP 400' } }],
    [503, 'db down', { action: 'toast', level: 'error', key: 'error.generic', params: { message: 'db down' } }],
    [200, '用户名已存在', { action: 'raw', message: '用户名已存在' }],
    [0, '', { action: 'toast', level: 'error', key: 'error.network' }],
  ])('%s %j', (status, message, expected) => expect(classifyFailure(status, message)).toEqual(expected));
});

describe('loginRedirect', () => {
  it.each([
    ['/personal', '/login?expired=true&returnTo=%2Fpersonal'],
    ['/setting?tab=system', '/login?expired=true&returnTo=%2Fsetting%3Ftab%3Dsystem'],
    ['/login', null],
    ['/login?expired=true&returnTo=%2Fx', null],
    ['/loginx', '/login?expired=true&returnTo=%2Floginx'],
  ])('%s → %s', (path, target) => expect(loginRedirect(path)).toBe(target));
});
