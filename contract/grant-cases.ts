/**
 * The grant-rule cases both halves test against their own call paths (data only): an editor with
 * `authorities` changes a record's codes from `previous` to `next`; `notHeld` is what the edit
 * grants that the editor does not hold (empty: the edit is allowed).
 */
export interface GrantCase {
  name: string;
  authorities: readonly string[];
  previous: string;
  next: string;
  notHeld: readonly string[];
}

const CLERK = ['ROLE_CLERK', 'business:*:read', 'business:order:*'];

export const GRANT_CASES: readonly GrantCase[] = [
  {
    name: 'the super admin grants anything',
    authorities: ['ROLE_SUPER_ADMIN'],
    previous: '',
    next: 'sql:execute,metadata:*,*',
    notHeld: [],
  },
  {
    name: 'codes the editor holds exactly',
    authorities: CLERK,
    previous: '',
    next: 'business:order:delete',
    notHeld: [],
  },
  {
    name: 'codes covered by a wildcard the editor holds',
    authorities: CLERK,
    previous: '',
    next: 'business:product:read,business:*:read',
    notHeld: [],
  },
  {
    name: 'codes the editor does not hold',
    authorities: CLERK,
    previous: '',
    next: 'business:product:read,business:product:update,metadata:read',
    notHeld: ['business:product:update', 'metadata:read'],
  },
  {
    name: 'a wildcard broader than the editor holds',
    authorities: CLERK,
    previous: '',
    next: 'business:*:*',
    notHeld: ['business:*:*'],
  },
  {
    name: 'one table does not cover every table',
    authorities: ['ROLE_X', 'business:a:read'],
    previous: '',
    next: 'business:*:read',
    notHeld: ['business:*:read'],
  },
  {
    name: 'a shorter code is not covered by a longer one',
    authorities: CLERK,
    previous: '',
    next: 'business:order',
    notHeld: ['business:order'],
  },
  {
    name: 'codes the record already had stay, held or not',
    authorities: CLERK,
    previous: 'metadata:write,sql:execute',
    next: 'sql:execute,metadata:write,business:order:read',
    notHeld: [],
  },
  {
    name: 'removing codes needs nothing',
    authorities: ['ROLE_X'],
    previous: 'metadata:write,sql:execute',
    next: 'sql:execute',
    notHeld: [],
  },
  {
    name: 'only the added codes are checked',
    authorities: ['ROLE_X', 'file:upload'],
    previous: 'metadata:write',
    next: 'metadata:write,file:upload,sql:execute',
    notHeld: ['sql:execute'],
  },
  {
    name: 'holding * is not holding the super-admin role',
    authorities: ['ROLE_X', '*'],
    previous: '',
    next: 'sql:execute,ROLE_SUPER_ADMIN',
    notHeld: ['ROLE_SUPER_ADMIN'],
  },
  {
    name: 'blanks and repeats are ignored',
    authorities: ['ROLE_X'],
    previous: '',
    next: ' , metadata:read,metadata:read ,',
    notHeld: ['metadata:read'],
  },
];
