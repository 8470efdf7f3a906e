import type { Knex } from 'knex';

type Listener = () => void;

/** What was committed: webhook deliveries, or flow runs (services/flows/). */
export type OutboxTopic = 'deliveries' | 'flowRuns';

const listeners = new WeakMap<object, Map<OutboxTopic, Set<Listener>>>();

const keyOf = (primary: Knex): object => primary.client.config as object;

/**
 * Tells this server's loop of `primary` for `topic` (the webhook deliveries by default) that rows
 * were just committed, so that it looks now rather than at its next round (other servers find them
 * at theirs).
 */
export const signalDeliveries = (primary: Knex, topic: OutboxTopic = 'deliveries'): void => {
  for (const listener of listeners.get(keyOf(primary))?.get(topic) ?? []) listener();
};

/** Calls `listener` on every signal for `primary` and `topic`; returns the function that stops it. */
export const onDeliveries = (
  primary: Knex,
  listener: Listener,
  topic: OutboxTopic = 'deliveries',
): (() => void) => {
  const key = keyOf(primary);
  const topics = listeners.get(key) ?? new Map<OutboxTopic, Set<Listener>>();
  const set = topics.get(topic) ?? new Set<Listener>();
  set.add(listener);
  topics.set(topic, set);
  listeners.set(key, topics);
  return () => set.delete(listener);
};
