import type { Role } from '../../../../src/shared/permissions';
import { namespace, type Translate } from '../i18n/i18n';
import en from './roles.en.json';

/**
 * The roles' names and what each may do (issue 36), wherever a role is shown: the profile, the users
 * page, the not-allowed page. The table of what each role holds is src/shared/permissions.ts.
 */
export const roleMessages = namespace(en, { bn: new URL('./roles.bn.json', import.meta.url) });

export type RoleId = keyof typeof en;

const NAMES = {
  customer: 'roles.name.customer',
  admin: 'roles.name.admin',
  desk: 'roles.name.desk',
  packing: 'roles.name.packing',
  catalogue: 'roles.name.catalogue',
  auditor: 'roles.name.auditor',
} as const satisfies Record<Role, RoleId>;

const ABOUT = {
  customer: 'roles.about.customer',
  admin: 'roles.about.admin',
  desk: 'roles.about.desk',
  packing: 'roles.about.packing',
  catalogue: 'roles.about.catalogue',
  auditor: 'roles.about.auditor',
} as const satisfies Record<Role, RoleId>;

/** A role's name in the language shown ("Order desk"). */
export const roleName = (t: Translate<RoleId>, role: Role): string => t(NAMES[role]);

/** What a role may do, in one line. */
export const roleAbout = (t: Translate<RoleId>, role: Role): string => t(ABOUT[role]);
