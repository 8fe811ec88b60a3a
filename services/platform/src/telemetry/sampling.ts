/**
 * Parent-based ratio sampling: the first hop (the gateway, or a relay publishing a stored event)
 * keeps TRACE_SAMPLE_RATIO of new traces and every later hop follows its decision, carried in
 * `traceparent` through HTTP, Kafka and BullMQ, so a sampled user action is one whole trace.
 */
export function traceSampleRatio(value = process.env.TRACE_SAMPLE_RATIO): number {
  const ratio = value === undefined || value === '' ? 1 : Number(value);
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1) throw new Error(`TRACE_SAMPLE_RATIO must be a number from 0 to 1 (got ${value})`);
  return ratio;
}
