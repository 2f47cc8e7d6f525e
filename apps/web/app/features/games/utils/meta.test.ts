import { describe, expect, it } from 'vitest';
import { lobbyMeta, translateFromResources } from './meta';

const resources = { lobby: { meta: { category_title: '{{title}} | Croupier', plain: 'Plain' } } };

describe('lobby meta', () => {
  it('looks up ns:key and fills {{vars}}', () => {
    expect(translateFromResources(resources, 'lobby:meta.category_title', { title: 'Pokies' })).toBe(
      'Pokies | Croupier',
    );
    expect(translateFromResources(resources, 'lobby:meta.plain')).toBe('Plain');
    expect(translateFromResources(resources, 'lobby:meta.missing')).toBeNull();
    expect(translateFromResources(undefined, 'lobby:meta.plain')).toBeNull();
  });

  it('builds title and description from the root loader data', () => {
    const matches = [{ id: 'root', loaderData: { resources } }];
    expect(
      lobbyMeta(
        { matches },
        { title: ['lobby:meta.category_title', { title: 'Live' }], description: ['lobby:meta.plain'] },
      ),
    ).toEqual([{ title: 'Live | Croupier' }, { name: 'description', content: 'Plain' }]);
    expect(lobbyMeta({ matches: [] }, { title: ['lobby:meta.plain'] })).toEqual([{ title: 'Croupier' }]);
  });
});
