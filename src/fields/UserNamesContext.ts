import { createContext } from 'react';
import { USER_NAMES_KEY } from '../../contract';

/** User id → name, for the record a form shows: what its bookkeeping inputs show instead of ids. */
export type UserNames = Readonly<Record<string, string>>;

const NONE: UserNames = {};

/** The names of the users a record's bookkeeping columns hold, as the server sent them with it. */
export const userNamesOf = (record: Readonly<Record<string, unknown>> | undefined): UserNames => {
  const names = record?.[USER_NAMES_KEY];
  return names && typeof names === 'object' && !Array.isArray(names) ? (names as UserNames) : NONE;
};

/** The user names of the record the form around an input shows (none outside a record form). */
export const UserNamesContext = createContext<UserNames>(NONE);
