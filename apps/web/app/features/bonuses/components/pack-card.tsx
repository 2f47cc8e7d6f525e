import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Locale } from '@croupier/shared/locales';
import { Dialog } from '../../../components/modal/dialog';
import { FormError } from '../../../components/ui/form-error';
import { formatDate, formatMoney } from '../../../i18n/format';
import { localePath } from '../../../i18n/locale-path';
import { useTranslation } from '../../../i18n/runtime';
import { useActivateFreespins } from '../api/activate-freespins';
import { useCancelFreespins } from '../api/cancel-freespins';
import type { FreespinPack } from '../api/get-freespins';
import { bonusErrorMessage } from '../lib/bonuses-logic';
import { gameName } from '../lib/rule-text';

const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** The game page of a game identifier (`provider/slug`). */
const playPath = (identifier: string) => `/play/${identifier}`;

/**
 * One free-spin pack: spins played of its total, the stake per spin, its games, and its actions.
 * Once activated it links to the game its spins are played on (`activation_path`); `onActivated`
 * lets the page move there, and `focusPlay` puts the keyboard on that link.
 */
export function PackCard({
  pack,
  locale,
  onActivated,
  focusPlay = false,
}: {
  pack: FreespinPack;
  locale: Locale;
  onActivated?: (pack: FreespinPack) => void;
  focusPlay?: boolean;
}) {
  const { t, i18n } = useTranslation('bonuses');
  const titleId = useId();
  const activate = useActivateFreespins();
  const cancel = useCancelFreespins();
  const [asking, setAsking] = useState(false);
  const play = useRef<HTMLAnchorElement>(null);
  const playable = pack.stage === 'handle_bets';
  useEffect(() => {
    if (focusPlay && playable) play.current?.focus();
  }, [focusPlay, playable]);
  const money = (cents: number) => formatMoney(cents, pack.currency, locale);
  const error = activate.isError ? activate.error : cancel.isError && !asking ? cancel.error : null;
  const until = pack.stage === 'issued' ? pack.activatable_until : pack.valid_until;
  return (
    <li className="card bonus-card" aria-labelledby={titleId}>
      <div className="bonus-card__head">
        <h3 id={titleId} className="bonus-card__title">
          {pack.title || t('titles.freespins', { count: pack.freespins_total })}
        </h3>
        <span className={`badge bonus-card__stage bonus-card__stage--${pack.stage}`}>
          {t(`pack_stages.${pack.stage}`)}
        </span>
      </div>
      <p>
        {t('packs.spins', { performed: pack.freespins_performed, total: pack.freespins_total })} ·{' '}
        {t('packs.bet_level', { amount: money(pack.bet_level) })}
      </p>
      <progress
        className="bonus-meter__bar"
        max={Math.max(1, pack.freespins_total)}
        value={pack.freespins_performed}
        aria-labelledby={titleId}
      />
      {pack.win_cents > 0 && <p>{t('packs.won', { amount: money(pack.win_cents) })}</p>}
      {pack.games.length > 0 && (
        <div className="bonus-card__games">
          <h4 className="bonus-card__subtitle">{t('packs.games')}</h4>
          <ul>
            {pack.games.map((game) => (
              <li key={game}>
                <Link to={localePath(playPath(game), locale)}>{gameName(game)}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {until && (
        <p className="muted bonus-card__dates">
          {pack.stage === 'issued'
            ? t('gifts.activate_until', { date: formatDate(until, locale, DATE) })
            : t('gifts.valid_until', { date: formatDate(until, locale, DATE) })}
        </p>
      )}
      <FormError message={error ? bonusErrorMessage(error, i18n) : null} />
      <div className="bonus-card__actions">
        {playable && (
          <Link
            ref={play}
            className="btn btn--primary btn--sm"
            to={localePath(pack.activation_path, locale)}
            aria-describedby={titleId}
          >
            {t('packs.play')}
          </Link>
        )}
        {pack.activatable && (
          <button
            type="button"
            className="btn btn--primary btn--sm"
            aria-describedby={titleId}
            disabled={activate.isPending}
            aria-busy={activate.isPending || undefined}
            onClick={() => activate.mutate(pack.id, { onSuccess: (result) => onActivated?.(result) })}
          >
            {activate.isPending ? t('gifts.activating') : t('gifts.activate')}
          </button>
        )}
        {pack.cancelable && (
          <button
            type="button"
            className="btn btn--danger-outline btn--sm"
            aria-describedby={titleId}
            onClick={() => {
              cancel.reset();
              setAsking(true);
            }}
          >
            {t('gifts.cancel')}
          </button>
        )}
      </div>
      {asking && (
        <Dialog title={t('packs.cancel_title')} onClose={() => setAsking(false)}>
          <p>{t('packs.cancel_text')}</p>
          <FormError message={cancel.isError ? bonusErrorMessage(cancel.error, i18n) : null} />
          <div className="form__actions bonus-dialog__actions">
            <button type="button" className="btn btn--ghost" onClick={() => setAsking(false)}>
              {t('cancel.keep')}
            </button>
            <button
              type="button"
              className="btn btn--danger"
              disabled={cancel.isPending}
              aria-busy={cancel.isPending || undefined}
              onClick={() => cancel.mutate(pack.id, { onSuccess: () => setAsking(false) })}
            >
              {t('gifts.cancel')}
            </button>
          </div>
        </Dialog>
      )}
    </li>
  );
}
