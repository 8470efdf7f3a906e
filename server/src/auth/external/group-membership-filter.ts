import { Filter } from 'ldapts';

/**
 * The filter that finds the groups listing a person, for directories whose entries carry no
 * memberOf (OpenLDAP without the memberof overlay): groupOfNames (`member`), groupOfUniqueNames
 * (`uniqueMember`) and posixGroup (`memberUid`, by user name, when there is one).
 */
export const groupMembershipFilter = (dn: string, uid: string | undefined): string => {
  const escapedDn = Filter.escape(dn);
  const terms = [`(member=${escapedDn})`, `(uniqueMember=${escapedDn})`];
  if (uid !== undefined && uid !== '') terms.push(`(memberUid=${Filter.escape(uid)})`);
  return `(|${terms.join('')})`;
};
