import type { Knex } from 'knex';

type Listener = () => void;

const listeners = new WeakMap<object, Set<Listener>>();

const keyOf = (primary: Knex): object => primary.client.config as object;

/**
 * Tells this server's delivery loop of `primary` that deliveries were just committed, so that it
 * looks now rather than at its next round (other servers find them at theirs).
 */
export const signalDeliveries = (primary: Knex): void => {
  for (const listener of listeners.get(keyOf(primary)) ?? []) listener();
};

/** Calls `listener` on every signal for `primary`; returns the function that stops it. */
export const onDeliveries = (primary: Knex, listener: Listener): (() => void) => {
  const key = keyOf(primary);
  const set = listeners.get(key) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(key, set);
  return () => set.delete(listener);
};
