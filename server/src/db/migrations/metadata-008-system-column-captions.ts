import type { Knex } from 'knex';
import { SYSTEM_COLUMN_CAPTIONS, SYSTEM_COLUMN_NAMES } from '../../../../contract/system-columns';
import { META } from '../table-names';
import type { NamedMigration } from './named-migration';

/**
 * System columns of existing tables (`id`, `createdDate`, `isDeleted`…) still captioned as a new
 * table captions them in Chinese get their English caption as well, as new tables do. Columns an
 * administrator captioned otherwise, or gave captions already, are left alone.
 */
export const metadata008SystemColumnCaptions: NamedMigration = {
  name: 'metadata-008-system-column-captions',
  async up(knex: Knex) {
    for (const name of SYSTEM_COLUMN_NAMES) {
      const { 'zh-CN': zh, 'en-US': en } = SYSTEM_COLUMN_CAPTIONS[name];
      await knex(META.column)
        .where({ name, caption: zh })
        .whereNull('captions')
        .update({ captions: JSON.stringify({ 'en-US': en }) });
    }
  },
  async down() {
    // Captions stay: the column that holds them goes with metadata-007's down.
  },
};
