import { useEffect, useRef, type ReactNode } from 'react';
import { useGame } from '../hooks/game-context';
import { formatMaxMultiplier, formatPercent } from '../lib/format';
import { FairnessPanel, SharedFairness } from './fairness-panel';

/**
 * Rules, paytable, the model's exact theoretical figures and the fairness details. A side panel
 * rather than a modal: the game stays visible, and Escape closes it and returns focus.
 */
export function InfoPanel({
  open,
  onClose,
  rules,
  shared,
}: {
  open: boolean;
  onClose(): void;
  rules: ReactNode;
  shared?: { round_id: number; server_seed_hash: string } | null;
}) {
  const { session, t, locale } = useGame();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, [open, onClose]);
  if (!open) return null;
  const { game } = session;
  return (
    <aside
      id="gc-info"
      ref={ref}
      className="gc-info"
      role="dialog"
      aria-modal="false"
      aria-labelledby="gc-info-h"
      tabIndex={-1}
      data-testid="info-panel"
    >
      <div className="gc-info__head">
        <h2 id="gc-info-h">{t('info.heading', { title: game.title })}</h2>
        <button type="button" className="gc-btn gc-btn--small" onClick={onClose} aria-label={t('info.close')}>
          ×
        </button>
      </div>
      <dl className="gc-facts">
        <dt>{t('info.rtp')}</dt>
        <dd data-testid="rtp">{formatPercent(game.rtp, locale)}</dd>
        <dt>{t('info.hit_rate')}</dt>
        <dd>{formatPercent(game.hit_rate, locale)}</dd>
        <dt>{t('info.max_multiplier')}</dt>
        <dd data-testid="max-multiplier">{formatMaxMultiplier(game.max_multiplier, locale)}</dd>
        <dt>{t('info.provider')}</dt>
        <dd>{game.provider}</dd>
      </dl>
      <p className="gc-muted">{t('info.rtp_note')}</p>
      <section className="gc-rules">
        <h3>{t('info.rules')}</h3>
        {rules}
      </section>
      {shared !== undefined ? <SharedFairness round={shared} /> : <FairnessPanel />}
    </aside>
  );
}
