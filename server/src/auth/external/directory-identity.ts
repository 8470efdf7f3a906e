import { entryBuffer, entryValues, type DirectoryEntry } from './entry-values';
import { formatObjectGuid } from './format-object-guid';

/** Who signed in, as the directory knows them. */
export interface DirectoryIdentity {
  /** What stays the same for the person: entryUUID (OpenLDAP) or objectGUID (Active Directory), else the DN. */
  subject: string;
  /** The entry's user name (its `usernameAttribute`), else the name typed. */
  username: string;
  email?: string;
  /** True when there is an email: the directory is the organisation's own. */
  emailVerified: boolean;
  displayName?: string;
  /** DNs of the person's groups. */
  groups: string[];
}

export interface IdentityAttributes {
  usernameAttribute: string;
  emailAttribute: string;
  nameAttribute: string;
}

const first = (entry: DirectoryEntry, attribute: string): string | undefined => {
  const value = entryValues(entry, attribute)[0]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

/** The subject of an entry: its entryUUID or objectGUID when present, else its DN. */
export const directorySubject = (entry: DirectoryEntry): string => {
  const guid = entryBuffer(entry, 'objectGUID');
  const formatted = guid === undefined ? undefined : formatObjectGuid(guid);
  return first(entry, 'entryUUID') ?? formatted ?? entry.dn;
};

/** The identity of the entry a person signed in as, with the groups found for them. */
export const directoryIdentity = (
  entry: DirectoryEntry,
  attributes: IdentityAttributes,
  typedUsername: string,
  groups: string[],
): DirectoryIdentity => {
  const email = first(entry, attributes.emailAttribute);
  const displayName = first(entry, attributes.nameAttribute);
  return {
    subject: directorySubject(entry),
    username: first(entry, attributes.usernameAttribute) ?? typedUsername,
    ...(email === undefined ? {} : { email }),
    emailVerified: email !== undefined,
    ...(displayName === undefined ? {} : { displayName }),
    groups: [...new Set(groups)],
  };
};
