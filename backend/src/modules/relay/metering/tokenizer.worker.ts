/**
 * Worker thread that counts tokens with js-tiktoken. The ranks take 100-150 MB and up to a second
 * to load, so they live here, loaded on first use, never on the event loop that serves requests.
 */
import { parentPort } from 'node:worker_threads';
import { countTokens, type EncodingName, type Encoder } from './token-count';

interface Job {
  id: number;
  encoding: EncodingName;
  texts: string[];
}

const encoders = new Map<EncodingName, Encoder>();

function encoder(name: EncodingName): Encoder {
  let e = encoders.get(name);
  if (!e) {
    // Loaded here, on first use, never at import: the ranks are large. (Subpath exports: require.)
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Tiktoken } = require('js-tiktoken/lite') as typeof import('js-tiktoken/lite');
    type Ranks = ConstructorParameters<typeof Tiktoken>[0];
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(`js-tiktoken/ranks/${name}`) as Ranks & { default?: Ranks };
    e = new Tiktoken(mod.default ?? mod);
    encoders.set(name, e);
  }
  return e;
}

parentPort?.on('message', (job: Job) => {
  try {
    parentPort!.postMessage({ id: job.id, count: countTokens(encoder(job.encoding), job.texts) });
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: String(err) });
  }
});
