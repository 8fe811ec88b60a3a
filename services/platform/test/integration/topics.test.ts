import { afterAll, describe, expect, it } from 'vitest';
import { ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import { createLogger } from '../../src/logger.ts';
import { stack } from '../../src/testing/stack.ts';
import { KafkaBus } from '../../src/bus.ts';

// Topic creation against the real broker: this run's own topics, removed afterwards.
const brokers = stack.kafkaBrokers;
const run = `${process.pid}${Date.now().toString(36)}`;
const names = [`platform.topics-a-${run}`, `platform.topics-b-${run}`];
const bus = new KafkaBus({ brokers, clientId: 'topics-test', logger: createLogger('topics-test', 'silent') });
const admin = new Kafka({ brokers: brokers.split(','), clientId: 'topics-test-admin', logLevel: logLevel.NOTHING }).admin();

const partitionCounts = async () => {
  const { topics } = await admin.fetchTopicMetadata({ topics: names });
  return Object.fromEntries(topics.map((t) => [t.name, t.partitions.length]));
};

afterAll(async () => {
  await admin.deleteTopics({ topics: names }).catch(() => undefined);
  await admin.disconnect();
  await bus.close();
});

describe('ensureTopics', () => {
  it('creates missing topics with the partition count, and raises the count of existing ones (never lowers it)', async () => {
    await admin.connect();
    expect(await bus.ensureTopics([names[0]!], 2)).toEqual({ created: [names[0]], raised: [] });
    expect(await bus.ensureTopics(names, 4)).toEqual({ created: [names[1]], raised: [names[0]] });
    expect(await partitionCounts()).toEqual({ [names[0]!]: 4, [names[1]!]: 4 });
    // Asking for fewer changes nothing: Kafka cannot remove partitions.
    expect(await bus.ensureTopics(names, 3)).toEqual({ created: [], raised: [] });
    expect(await partitionCounts()).toEqual({ [names[0]!]: 4, [names[1]!]: 4 });
  });
});

describe('the broker', () => {
  it('appends its idle no-op metadata record every 5 s, not every 500 ms (what an idle broker spends its CPU on)', async () => {
    await admin.connect();
    const { brokers: nodes } = await admin.describeCluster();
    const { resources } = await admin.describeConfigs({
      includeSynonyms: false,
      resources: [{ type: ConfigResourceTypes.BROKER, name: String(nodes[0]!.nodeId), configNames: ['metadata.max.idle.interval.ms'] }],
    });
    expect(resources[0]!.configEntries.map((e) => [e.configName, e.configValue])).toEqual([['metadata.max.idle.interval.ms', '5000']]);
  });
});
