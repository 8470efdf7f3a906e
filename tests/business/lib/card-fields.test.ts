import { describe, expect, it } from 'vitest';
import { cardFields, CARD_FIELDS } from '../../../src/business/lib/card-fields';

const columns = ['id', 'name', 'author', 'isbn', 'publisher', 'price', 'pages'].map((name) => ({ name }));
const names = (title: string | null, keys: string[], max?: number) =>
  cardFields(columns, title, keys, max).map((column) => column.name);

describe('cardFields', () => {
  it('shows the listed columns after the title, without the title and the key, four at most', () => {
    expect(CARD_FIELDS).toBe(4);
    expect(names('name', ['id'])).toEqual(['author', 'isbn', 'publisher', 'price']);
  });

  it('keeps the key when there is no title column: the key then names the card', () => {
    expect(names(null, ['id'])).toEqual(['id', 'name', 'author', 'isbn']);
  });

  it('follows the list’s order and takes fewer fields when asked', () => {
    const chosen = ['price', 'name', 'author'].map((name) => ({ name }));
    expect(cardFields(chosen, 'name', ['id']).map((column) => column.name)).toEqual(['price', 'author']);
    expect(names('name', ['id'], 3)).toEqual(['author', 'isbn', 'publisher']);
  });
});
