import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n/create-i18n';
import game from '../../../i18n/locales/en/game.json';
import { I18nProvider } from '../../../i18n/runtime';
import OpenFrame from './open-frame';

afterEach(cleanup);

describe('the game frame', () => {
  it('allows fullscreen by the permissions policy alone (both attributes make Chrome warn on every game page)', () => {
    const { container } = render(
      <I18nProvider i18n={createI18n('en', { game })}>
        <MemoryRouter>
          <OpenFrame
            state={{
              status: 'opened',
              view: 'page',
              url: '/games/wizard-of-avalon/12',
              title: 'Wizard of Avalon',
              pagePath: '/play/croupier-originals/wizard-of-avalon',
              mode: 'real',
              width: 1280,
              height: 720,
            }}
          />
        </MemoryRouter>
      </I18nProvider>,
    );
    const iframe = container.querySelector('iframe')!;
    expect(iframe.getAttribute('allow')).toBe('fullscreen');
    expect(iframe.hasAttribute('allowfullscreen')).toBe(false);
  });
});
