/** Who an identity provider says signed in, whatever the kind of provider. */
export interface ExternalIdentity {
  /** The provider's stable id of the user (OIDC `sub`, an LDAP entry's DN or uid). */
  subject: string;
  /** The preferred username, from which a new user's crudboard username is made. */
  username: string;
  email?: string;
  emailVerified?: boolean;
  displayName?: string;
  /** The user's groups as the provider names them. */
  groups: string[];
}
