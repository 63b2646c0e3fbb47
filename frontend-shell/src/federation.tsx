import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { init, loadRemote, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteUnavailable } from './components/RemoteUnavailable';

/**
 * The pages each remote exposes, typed from its page manifest (src/pages.manifest.json of the remote, the
 * same file its Module Federation `exposes` is built from): naming a page a remote does not expose fails
 * the shell's type check.
 */
export interface RemotePages {
  admin: keyof typeof import('@gw/frontend-admin/pages.manifest.json');
  user: keyof typeof import('@gw/frontend-user/pages.manifest.json');
}
export type RemoteName = keyof RemotePages;
export type RemoteEntries = Record<RemoteName, string>;

const DEFAULT_ENTRIES: RemoteEntries = {
  admin: '/remotes/admin/remoteEntry.js',
  user: '/remotes/user/remoteEntry.js',
};

/** A remote that cannot be loaded answers a page that says so, instead of breaking the shell. */
const fallbackPlugin = (): ModuleFederationRuntimePlugin => ({
  name: 'gw-remote-fallback',
  errorLoadRemote(args) {
    const name = String(args.id).split('/')[0];
    console.error(`[federation] remote "${name}" failed (${args.lifecycle})`, args.error);
    if (args.lifecycle !== 'onLoad') return undefined;
    const Fallback = () => <RemoteUnavailable name={name} />;
    return { __esModule: true, default: Fallback };
  },
});

/** Reads the remote entry URLs at runtime (GET /remotes.json), so one build deploys anywhere. */
async function fetchEntries(): Promise<RemoteEntries> {
  try {
    const res = await fetch('/remotes.json', { cache: 'no-store' });
    if (!res.ok) return DEFAULT_ENTRIES;
    const body = (await res.json()) as Partial<RemoteEntries>;
    return { admin: body.admin || DEFAULT_ENTRIES.admin, user: body.user || DEFAULT_ENTRIES.user };
  } catch {
    return DEFAULT_ENTRIES;
  }
}

export async function initFederation(): Promise<void> {
  const entries = await fetchEntries();
  init({ name: 'shell', remotes: [], plugins: [fallbackPlugin()] });
  registerRemotes(
    (Object.keys(entries) as RemoteName[]).map((name) => ({
      name,
      entry: new URL(entries[name], window.location.href).href,
    })),
  );
}

/** An exposed page module: the page under its manifest name (or as the default export). */
type PageModule = Partial<Record<string, ComponentType>>;
const pages = new Map<string, LazyExoticComponent<ComponentType>>();

/** A page exposed by a remote (e.g. remotePage('admin', 'UserPage')), loaded on first render. */
export function remotePage<R extends RemoteName>(remote: R, page: RemotePages[R]): LazyExoticComponent<ComponentType> {
  const id = `${remote}/${page}`;
  let loaded = pages.get(id);
  if (!loaded) {
    loaded = lazy(async () => {
      const mod = await loadRemote<PageModule>(id);
      const Page = mod?.[page] ?? mod?.default;
      return { default: Page ?? (() => <RemoteUnavailable name={remote} />) };
    });
    pages.set(id, loaded);
  }
  return loaded;
}
