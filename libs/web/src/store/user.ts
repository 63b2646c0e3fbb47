import { Role, type LoginResult } from '@gw/shared';
import { createStore, readJson } from './create-store';

/** The signed-in user kept in localStorage `user`; the session itself is an HttpOnly cookie. */
export type StoredUser = Pick<LoginResult, 'id' | 'username' | 'display_name' | 'role' | 'status' | 'group'>;
export const USER_KEY = 'user';

function load(): StoredUser | null {
  const u = readJson<StoredUser>(USER_KEY);
  return u && typeof u.id === 'number' && typeof u.username === 'string' ? u : null;
}

export const userStore = createStore<StoredUser | null>(load);

export function getStoredUser(): StoredUser | null {
  return userStore.get();
}

export function setStoredUser(user: StoredUser): void {
  const { id, username, display_name, role, status, group } = user;
  const kept = { id, username, display_name, role, status, group };
  localStorage.setItem(USER_KEY, JSON.stringify(kept));
  userStore.set(kept);
}

export function clearStoredUser(): void {
  localStorage.removeItem(USER_KEY);
  if (userStore.get() !== null) userStore.set(null);
}

export const useUser = (): StoredUser | null => userStore.use();

export const isAdmin = (u: { role: number } | null | undefined): boolean => !!u && u.role >= Role.Admin;
export const isRoot = (u: { role: number } | null | undefined): boolean => !!u && u.role >= Role.Root;

if (typeof window !== 'undefined') {
  // Another tab signed in or out.
  window.addEventListener('storage', (e) => {
    if (e.key === USER_KEY || e.key === null) userStore.set(load());
  });
}
