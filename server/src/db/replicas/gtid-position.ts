/**
 * MariaDB GTID positions (pure). The primary's position is its binary log's GTID state
 * (`@@gtid_binlog_pos`), a replica's what it has replayed (`@@gtid_slave_pos`): each a list of the
 * last GTID of every replication domain, "domain-server-seqno" separated by commas ("0-1-42" with
 * one domain; empty before the first transaction). Within a domain sequence numbers only grow.
 */

/** The last sequence number of each replication domain. */
export type GtidPosition = ReadonlyMap<number, bigint>;

const GTID = /^(\d{1,10})-(\d{1,10})-(\d{1,20})$/;

/** Parses a GTID list ("0-1-42,1-2-7"); a domain named twice keeps its highest sequence number. */
export const parseGtidPosition = (text: string): GtidPosition => {
  const position = new Map<number, bigint>();
  for (const part of text.split(',')) {
    const gtid = part.trim();
    if (gtid === '') continue;
    const match = GTID.exec(gtid);
    if (!match) throw new Error(`"${text}" is not a GTID position`);
    const domain = Number(match[1]);
    const seqNo = BigInt(match[3] as string);
    const known = position.get(domain);
    if (known === undefined || seqNo > known) position.set(domain, seqNo);
  }
  return position;
};

/**
 * Whether a replica at `replayed` has replayed everything the primary had at `sample`: in every
 * domain of the sample, a sequence number at least the sample's. A domain the replica has never
 * replayed counts as behind.
 */
export const gtidReached = (replayed: GtidPosition, sample: GtidPosition): boolean => {
  for (const [domain, seqNo] of sample) {
    const at = replayed.get(domain);
    if (at === undefined || at < seqNo) return false;
  }
  return true;
};
