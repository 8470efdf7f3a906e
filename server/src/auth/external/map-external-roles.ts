import type { RoleMappingConfig } from './auth-providers-config';

export type MappedRoles = { ok: true; codes: string[] } | { ok: false; reason: 'no_role' };

/**
 * The crudboard role codes a provider's groups give: every group found in `roles`, each code once,
 * in the mapping's order; the default role when none maps; a refusal when none maps and there is no
 * default. Groups match exactly, and also case-insensitively (LDAP DNs differ in case).
 */
export const mapExternalRoles = (groups: readonly string[], mapping: RoleMappingConfig): MappedRoles => {
  const held = new Set(groups.map((group) => group.toLowerCase()));
  const codes: string[] = [];
  for (const [group, code] of Object.entries(mapping.roles)) {
    if (held.has(group.toLowerCase()) && !codes.includes(code)) codes.push(code);
  }
  if (codes.length > 0) return { ok: true, codes };
  if (mapping.defaultRole !== null) return { ok: true, codes: [mapping.defaultRole] };
  return { ok: false, reason: 'no_role' };
};
