import { HostListError, splitHostList, type HostAddress, type HostList } from './host-list';

/** One server of a PostgreSQL connection URL. */
export type PgHost = HostAddress;

/**
 * What a connection must be to be kept, as libpq's `target_session_attrs` says it:
 * `read-write` (accepts writes), `read-only`, `primary` (not in recovery), `standby` (in
 * recovery), `prefer-standby` (a standby if any answers, else any) or `any`.
 */
export const TARGET_SESSION_ATTRS = [
  'any',
  'read-write',
  'read-only',
  'primary',
  'standby',
  'prefer-standby',
] as const;
export type TargetSessionAttrs = (typeof TARGET_SESSION_ATTRS)[number];

/** A PostgreSQL connection URL, its server list taken apart (libpq's multi-host form). */
export interface PgHostsUrl {
  hosts: PgHost[];
  /** The attribute a server must have; `read-write` when several hosts are listed and none is set. */
  target: TargetSessionAttrs;
  /** The same URL naming `host` alone, without `target_session_attrs` (for node-postgres). */
  urlFor(host: PgHost): string;
}

/** A PostgreSQL URL that cannot be taken apart; the message says why. */
export class PgUrlError extends Error {}

const targetOf = (query: URLSearchParams, several: boolean): TargetSessionAttrs => {
  const given = query.get('target_session_attrs');
  if (given === null) return several ? 'read-write' : 'any';
  const known = TARGET_SESSION_ATTRS.find((value) => value === given);
  if (!known) throw new PgUrlError(`target_session_attrs must be one of ${TARGET_SESSION_ATTRS.join(', ')}`);
  return known;
};

/**
 * Takes apart `postgres://user:password@h1:5432,h2:5433/db?target_session_attrs=read-write`:
 * libpq's form, which node-postgres does not read (it connects to one host). A URL of one host
 * gives one host and target `any` unless it names one.
 */
export const parsePgHosts = (url: string): PgHostsUrl => {
  let list: HostList;
  try {
    list = splitHostList(url, 'postgres(?:ql)?', 5432, 'postgres:// or postgresql://');
  } catch (error) {
    if (error instanceof HostListError) throw new PgUrlError(error.message);
    throw error;
  }
  const target = targetOf(list.query, list.hosts.length > 1);
  const query = new URLSearchParams(list.query);
  query.delete('target_session_attrs');
  return { hosts: list.hosts, target, urlFor: (host) => list.urlFor(host, query) };
};

/** What a server said of itself when asked. */
export interface PgHostState {
  inRecovery: boolean;
  readOnly: boolean;
}

/** Whether a server in `state` is one that `target` keeps (`prefer-standby` keeps any). */
export const hostQualifies = (target: TargetSessionAttrs, state: PgHostState): boolean => {
  switch (target) {
    case 'any':
    case 'prefer-standby':
      return true;
    case 'read-write':
      return !state.readOnly;
    case 'read-only':
      return state.readOnly;
    case 'primary':
      return !state.inRecovery;
    case 'standby':
      return state.inRecovery;
  }
};

/**
 * The host to connect to: the first of the list (in order) whose state qualifies, a standby first
 * for `prefer-standby`; undefined when none does. `states` holds one entry per host, undefined
 * for a host that did not answer.
 */
export const chooseHost = (
  hosts: PgHost[],
  states: (PgHostState | undefined)[],
  target: TargetSessionAttrs,
): PgHost | undefined => {
  const answered = hosts.flatMap((host, index) => {
    const state = states[index];
    return state ? [{ host, state }] : [];
  });
  if (target === 'prefer-standby') {
    const standby = answered.find(({ state }) => state.inRecovery);
    if (standby) return standby.host;
  }
  return answered.find(({ state }) => hostQualifies(target, state))?.host;
};
