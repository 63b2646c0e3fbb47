import { guardRedirect } from './login-guard';

describe('guardRedirect (login guard of signed-in pages)', () => {
  it('sends a visitor without a stored user to the login page, back here afterwards', () => {
    expect(guardRedirect('/personal', '/personal')).toBe('/login?returnTo=%2Fpersonal');
    expect(guardRedirect('/setting?tab=system', '/setting?tab=system')).toBe('/login?returnTo=%2Fsetting%3Ftab%3Dsystem');
  });

  it('compares paths whether percent-encoded or not', () => {
    expect(guardRedirect('/chat2link?x=ä', '/chat2link?x=%C3%A4')).toBe(`/login?returnTo=${encodeURIComponent('/chat2link?x=ä')}`);
  });

  it('does not replace a navigation under way: the 401 redirect keeps expired=true', () => {
    expect(guardRedirect('/personal', '/login?expired=true&returnTo=%2Fpersonal')).toBeNull();
    // logout and account deletion clear the user, then navigate
    expect(guardRedirect('/personal', '/login')).toBeNull();
    expect(guardRedirect('/personal', '/')).toBeNull();
  });
});
