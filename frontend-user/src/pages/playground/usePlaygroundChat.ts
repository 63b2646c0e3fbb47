import { useCallback, useEffect, useRef, useState } from 'react';
import { currentLang, getStoredUser, tr } from '@gw/web';
import { readChatStream } from './chat-stream';
import { buildRequest, newId, parseKept, storageKey, withError, type ChatMessage, type PlaygroundSettings } from './playground-helpers';

/** POST /pg/chat/completions with the console's session headers (the session must name its user). */
function post(body: unknown, signal: AbortSignal): Promise<Response> {
  const user = getStoredUser();
  return fetch('/pg/chat/completions', {
    method: 'POST',
    credentials: 'same-origin',
    signal,
    headers: {
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
      'Accept-Language': currentLang() === 'en' ? 'en' : 'zh-CN,zh;q=0.9',
      ...(user ? { 'New-Api-User': String(user.id) } : {}),
    },
    body: JSON.stringify(body),
  });
}

function readKept(key: string) {
  try {
    return parseKept(localStorage.getItem(key));
  } catch {
    return parseKept(null);
  }
}

/**
 * The conversation and settings of the signed-in user, kept in localStorage, and the streaming call:
 * send adds the user's message and a loading reply that turns incomplete with its first text, then
 * complete at [DONE] or error (the error text appended); stop aborts the call and keeps what arrived.
 */
export function usePlaygroundChat() {
  const key = storageKey(getStoredUser()?.id ?? 'anonymous');
  const [kept] = useState(() => readKept(key));
  const [settings, setSettings] = useState<PlaygroundSettings>(kept.settings);
  const [messages, setMessages] = useState<ChatMessage[]>(kept.messages);
  const [busy, setBusy] = useState(false);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => {
    try {
      localStorage.setItem(key, JSON.stringify({ settings, messages }));
    } catch {
      /* storage full or off: the conversation lives until the page closes */
    }
  }, [key, settings, messages]);

  useEffect(() => () => abortRef.current?.abort(), []);

  const patch = useCallback((id: string, f: (m: ChatMessage) => ChatMessage) => {
    setMessages((list) => list.map((m) => (m.id === id ? f(m) : m)));
  }, []);

  const send = useCallback(
    async (text: string) => {
      if (busy || !text.trim()) return;
      const question: ChatMessage = { id: newId(), role: 'user', content: text };
      const reply: ChatMessage = { id: newId(), role: 'assistant', content: '', status: 'loading' };
      const body = buildRequest(settings, [...messages, question]);
      setMessages((list) => [...list, question, reply]);
      setBusy(true);
      const abort = new AbortController();
      abortRef.current = abort;
      try {
        const res = await post(body, abort.signal);
        const ended = await readChatStream(res, (e) => {
          if (e.type === 'delta') patch(reply.id, (m) => ({ ...m, content: m.content + e.text, status: 'incomplete' }));
          else if (e.type === 'error') patch(reply.id, (m) => ({ ...m, content: withError(m.content, e.message), status: 'error' }));
        });
        if (ended === 'done') patch(reply.id, (m) => ({ ...m, status: 'complete' }));
        else if (ended === 'eof') patch(reply.id, (m) => ({ ...m, status: m.content ? 'incomplete' : 'error', content: m.content || tr('playground.no_answer') }));
      } catch (err) {
        if ((err as Error).name === 'AbortError') {
          // Stopped by the user: the partial reply stays as it is.
          patch(reply.id, (m) => ({ ...m, status: m.content ? 'incomplete' : 'error', content: m.content || tr('playground.stopped') }));
        } else {
          patch(reply.id, (m) => ({ ...m, content: withError(m.content, tr('error.network')), status: 'error' }));
        }
      } finally {
        if (abortRef.current === abort) abortRef.current = null;
        setBusy(false);
      }
    },
    [busy, messages, settings, patch],
  );

  const stop = useCallback(() => abortRef.current?.abort(), []);

  const clear = useCallback(() => {
    abortRef.current?.abort();
    setMessages([]);
  }, []);

  return { settings, setSettings, messages, busy, send, stop, clear };
}
