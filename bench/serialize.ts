/**
 * Writing big answers: zod (what fastify-type-provider-zod's serializer did: zod-encode the answer, then
 * JSON.stringify the copy) against the fast-json-stringify function compiled from the JSON schema
 * generated from the contract (apps/server/src/http/serialize.ts), which is what the server runs now.
 * Run: `npx tsx bench/serialize.ts [milliseconds per case=1500]`. No database.
 *
 * The answers are made from the contract's schemas (apps/server/test/contract-samples.ts, every
 * optional field present): a page of nearby activities (10, the default page, and 50, the most),
 * a chat page of 30 messages, a list of 50 chats.
 */
import { cpus, loadavg } from 'node:os';
import { type CallName, calls } from '@cordata/contract';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { responseJsonSchema } from '../apps/server/src/http/serialize.ts';
import { makeSample, random } from '../apps/server/test/contract-samples.ts';

const MS = Number(process.argv[2] ?? 1500);

/** The call's answer with `n` items in its (first) list. */
function answer(name: CallName, list: string, n: number) {
  const schema = calls[name].response as z.ZodObject;
  const element = (schema.shape[list] as z.ZodArray).element as z.ZodType;
  const base = makeSample(schema, 'full', random(1), name) as Record<string, unknown>;
  base[list] = Array.from({ length: n }, (_, i) => makeSample(element, 'full', random(i + 2), `${name}.${list}`));
  return { schema, data: base };
}

function time(fn: () => string) {
  for (let i = 0; i < 300; i++) fn();
  let runs = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < MS) {
    for (let i = 0; i < 100; i++) fn();
    runs += 100;
    elapsed = performance.now() - start;
  }
  return (elapsed * 1000) / runs; // µs per answer
}

const cases = [
  ['nearby-activities, 10', answer('activity/nearby-activities', 'activities', 10)],
  ['nearby-activities, 50', answer('activity/nearby-activities', 'activities', 50)],
  ['list-messages, 30', answer('chat/list-messages', 'messages', 30)],
  ['list-user-chats, 50', answer('chat/list-user-chats', 'chats', 50)],
] as const;

console.log(`node ${process.version}, ${cpus().length} cores, ${MS} ms per case`);
console.log(
  `load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log('answer                    bytes    zod+JSON.stringify   fast-json-stringify   speed-up');
for (const [label, { schema, data }] of cases) {
  const compiled = fastJson(responseJsonSchema(schema));
  const viaZod = () => JSON.stringify(z.safeEncode(schema, data as never).data);
  const fast = () => compiled(data);
  if (fast() !== viaZod()) throw new Error(`${label}: the two serializers disagree`);
  const zodUs = time(viaZod);
  const fastUs = time(fast);
  console.log(
    `${label.padEnd(24)} ${String(fast().length).padStart(6)}   ${zodUs.toFixed(1).padStart(9)} µs/answer   ${fastUs.toFixed(1).padStart(9)} µs/answer   ${(zodUs / fastUs).toFixed(1).padStart(5)}×   (load ${loadavg()[0]!.toFixed(2)})`,
  );
}
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
