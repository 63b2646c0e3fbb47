// Cost of the JSON depth scan every JSON request body goes through (libs/shared/src/json-depth.ts),
// next to what parsing the same body costs anyway (Buffer → string and JSON.parse).
// Usage: npm run build -w libs/shared && node test/bench/json-depth.mjs   (prints a markdown table)
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { jsonTooDeep } = require('../../libs/shared/dist/json-depth.js');

const chat = (bytes) => {
  const messages = [];
  while (JSON.stringify(messages).length < bytes - 80) {
    messages.push({
      role: messages.length % 2 ? 'assistant' : 'user',
      content: 'Explain how "quoted" words, brackets [like these] and {braces} survive in JSON text, please.',
    });
  }
  return JSON.stringify({ model: 'gpt-4o', stream: true, temperature: 0.7, messages });
};
const BODIES = [
  ['chat, 2 KB', chat(2 * 1024)],
  [
    'one image, 1 MB (base64 in one string)',
    JSON.stringify({
      model: 'gpt-4o',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in this picture?' },
            {
              type: 'image_url',
              image_url: { url: `data:image/png;base64,${Buffer.alloc(760_000, 7).toString('base64')}` },
            },
          ],
        },
      ],
    }),
  ],
  ['long conversation, 1 MB (~10,000 short messages)', chat(1024 * 1024)],
];

/** Median µs per call over `rounds` timed batches. */
function measure(fn, arg) {
  const rounds = 15;
  const perBatch = Math.max(5, Math.round(2_000_000 / arg.length));
  for (let i = 0; i < perBatch * 3; i++) fn(arg);
  const samples = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < perBatch; i++) fn(arg);
    samples.push(Number(process.hrtime.bigint() - t0) / 1e3 / perBatch);
  }
  return samples.sort((a, b) => a - b)[rounds >> 1];
}

const fmt = (us) => (us < 10 ? us.toFixed(2) : us < 100 ? us.toFixed(1) : us.toFixed(0));
console.log('| body | bytes | depth scan µs | Buffer→string µs | JSON.parse µs | scan / (string + parse) |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, text] of BODIES) {
  const buf = Buffer.from(text);
  if (jsonTooDeep(text)) throw new Error(`${name} is too deep`);
  const scan = measure(jsonTooDeep, text);
  const decode = measure((b) => b.toString('utf8'), buf);
  const parse = measure(JSON.parse, text);
  console.log(
    `| ${name} | ${buf.length} | ${fmt(scan)} | ${fmt(decode)} | ${fmt(parse)} | ${((100 * scan) / (decode + parse)).toFixed(1)}% |`,
  );
}
console.log(`\nNode ${process.version}, ${new Date().toISOString().slice(0, 10)}; medians of 15 batches.`);
