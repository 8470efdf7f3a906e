import { useSyncExternalStore } from 'react';
import type { Table } from '../../contract';
import { createStore } from '../store/createStore';

export interface RegisteredTables {
  dataSource: string;
  tables: Table[];
}

const EMPTY: RegisteredTables = { dataSource: '', tables: [] };

/** The tables the signed-in user may read in the current data source (`GET /api/users/me/table`). */
export const registeredTablesStore = createStore<RegisteredTables>(EMPTY);

export const registerTables = (dataSource: string, tables: Table[]): void =>
  registeredTablesStore.set({ dataSource, tables });

export const resetRegisteredTables = (): void => registeredTablesStore.set(EMPTY);

export const useRegisteredTables = (): RegisteredTables =>
  useSyncExternalStore(registeredTablesStore.subscribe, registeredTablesStore.get);
