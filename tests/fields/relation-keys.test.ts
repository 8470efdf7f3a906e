import { bareKeys, withLoaded } from '../../src/fields/relation-keys';

describe('relation-keys', () => {
  it('finds the records known only by a one-column key', () => {
    const picked = [{ TrackId: 5 }, { TrackId: 6, Name: 'Song' }, { TrackId: ' ' }];
    expect(bareKeys(picked, 'TrackId', ['TrackId'])).toEqual(['5']);
    // a target that is not the related table's single key cannot be read by it
    expect(bareKeys(picked, 'Code', ['TrackId'])).toEqual([]);
    expect(bareKeys(picked, 'TrackId', ['TrackId', 'AlbumId'])).toEqual([]);
    expect(bareKeys(picked, '', [])).toEqual([]);
  });

  it('puts the loaded records in place of the bare ones, keeping the rest', () => {
    const picked = [{ TrackId: '5' }, { TrackId: 6, Name: 'Mine' }, { TrackId: 7 }];
    const loaded = [
      { TrackId: 5, Name: 'Loaded' },
      { TrackId: 6, Name: 'Other' },
    ];
    expect(withLoaded(picked, 'TrackId', loaded)).toEqual([
      { TrackId: 5, Name: 'Loaded' },
      { TrackId: 6, Name: 'Mine' },
      { TrackId: 7 },
    ]);
  });
});
