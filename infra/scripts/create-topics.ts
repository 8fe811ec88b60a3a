// Creates every topic and its dead-letter topic; the broker never auto-creates them.
import { allTopics, deadLetterTopic } from '@reproute/contracts';
import { KafkaBus, createLogger, loadConfig, topicsConfigSchema } from '@reproute/platform';
import { setTimeout as sleep } from 'node:timers/promises';

const logger = createLogger('create-topics', 'warn');
// KAFKA_BROKERS, and SASL and TLS as the services use them (KAFKA_SASL_*, KAFKA_TLS*); KAFKA_PARTITIONS, KAFKA_REPLICATION_FACTOR.
const kafka = loadConfig(topicsConfigSchema);
const bus = new KafkaBus({ brokers: kafka.KAFKA_BROKERS, security: kafka, clientId: 'create-topics', logger });
const names = allTopics.flatMap((t) => [t, deadLetterTopic(t)]);
const partitions = kafka.KAFKA_PARTITIONS;
let outcome: { created: string[]; raised: string[] };
for (let attempt = 1; ; attempt += 1) {
  try {
    outcome = await bus.ensureTopics(names, partitions, kafka.KAFKA_REPLICATION_FACTOR);
    break;
  } catch (err) {
    if (attempt >= 30) throw err;
    await sleep(1000);
  }
}
process.stdout.write(`[kafka] topics ready: ${names.length} with ${partitions} partitions (created ${outcome.created.length}, raised ${outcome.raised.length})\n`);
