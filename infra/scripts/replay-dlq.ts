// Replays a dead-letter topic into its source topic: `replay-dlq.sh <topic> [--dry-run]` (see docs/operations.md, "Dead letters").
import { deadLetterTopic } from '@reproute/contracts';
import { KafkaBus, createLogger, kafkaConfigSchema, loadConfig } from '@reproute/platform';

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const named = args.filter((a) => !a.startsWith('--'));
if (named.length !== 1 || args.some((a) => a.startsWith('--') && a !== '--dry-run')) {
  process.stderr.write('usage: replay-dlq.sh <topic> [--dry-run]   e.g. replay-dlq.sh referral.leads (reads referral.leads.dlq)\n');
  process.exit(64);
}
const source = named[0]!.replace(/\.dlq$/, '');
const dlq = deadLetterTopic(source);
// One replay position per dead-letter topic, kept by Kafka as this group's committed offsets.
const groupId = process.env.REPLAY_GROUP ?? `dlq-replay.${source}`;

// KAFKA_BROKERS, and SASL and TLS as the services use them (KAFKA_SASL_*, KAFKA_TLS*).
const kafka = loadConfig(kafkaConfigSchema);
const bus = new KafkaBus({ brokers: kafka.KAFKA_BROKERS, security: kafka, clientId: 'replay-dlq', logger: createLogger('replay-dlq', 'error') });
try {
  const letters = await bus.replayDeadLetters(dlq, {
    groupId,
    dryRun,
    onMessage: (letter) =>
      process.stdout.write(
        `${dryRun ? 'would replay' : 'replayed'} ${dlq}[${letter.partition}]@${letter.offset} -> ${letter.sourceTopic} ` +
          `type=${letter.headers['event-type'] ?? '?'} id=${letter.headers['event-id'] ?? '?'} key=${letter.key}` +
          `${letter.consumer ? ` consumer=${letter.consumer}` : ''}${letter.error ? ` error=${JSON.stringify(letter.error)}` : ''}\n`,
      ),
  });
  process.stdout.write(dryRun ? `${letters.length} message(s) in ${dlq} would be replayed (dry run: nothing published)\n` : `replayed ${letters.length} message(s) from ${dlq}\n`);
} catch (err) {
  process.stderr.write(`replay of ${dlq} failed: ${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await bus.close();
}
