// Creates every topic and its dead-letter topic; the broker never auto-creates them.
import { allTopics, deadLetterTopic } from '@reproute/contracts';
import { KafkaBus, createLogger } from '@reproute/platform';
import { setTimeout as sleep } from 'node:timers/promises';

const logger = createLogger('create-topics', 'warn');
const bus = new KafkaBus({ brokers: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092', clientId: 'create-topics', logger });
const names = allTopics.flatMap((t) => [t, deadLetterTopic(t)]);
for (let attempt = 1; ; attempt += 1) {
  try {
    await bus.ensureTopics(names);
    break;
  } catch (err) {
    if (attempt >= 30) throw err;
    await sleep(1000);
  }
}
process.stdout.write(`[kafka] topics ready: ${names.length}\n`);
