/* eslint-disable @typescript-eslint/no-explicit-any -- test helper: specs read golden JSON loosely */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Golden-file helpers for the provider specs (test-only: never imported by converters).
 * UPDATE_GOLDEN=1 rewrites expected files from the actual output; review the diff before keeping it.
 */

export function readText(dir: string, name: string): string {
  return readFileSync(join(dir, 'testdata', name), 'utf8');
}

export function readJson<T = any>(dir: string, name: string): T {
  return JSON.parse(readText(dir, name)) as T;
}

/** The expected value stored in testdata/<name> (written from `actual` under UPDATE_GOLDEN=1). */
export function golden(dir: string, name: string, actual: unknown): unknown {
  const path = join(dir, 'testdata', name);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(path)) {
    if (process.env.UPDATE_GOLDEN !== '1') throw new Error(`missing golden file ${path} (run with UPDATE_GOLDEN=1)`);
    writeFileSync(path, `${JSON.stringify(actual, null, 2)}\n`);
  }
  return JSON.parse(readFileSync(path, 'utf8'));
}

export interface SseRecord {
  event: string | null;
  data: string;
}

/** A recorded SSE stream (text/event-stream) → its data events; comments and blank blocks skipped. */
export function parseSse(text: string): SseRecord[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n\n')
    .map((block) => {
      let event: string | null = null;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      return { event, data: data.join('\n') };
    })
    .filter((r) => r.data !== '');
}

/** SSE data events parsed as JSON, with the OpenAI `[DONE]` terminator dropped. */
export function sseJson<T = any>(text: string): T[] {
  return parseSse(text)
    .filter((r) => r.data !== '[DONE]')
    .map((r) => JSON.parse(r.data) as T);
}
