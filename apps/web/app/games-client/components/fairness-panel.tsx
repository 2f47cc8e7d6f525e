import { useId, useState } from 'react';
import { useGame } from '../hooks/game-context';

const SEED_PATTERN = /^[\x21-\x7e]{1,64}$/;

/**
 * The provably-fair commitment of the next bet: the hash of the server seed, the player's client
 * seed (editable between bets) and the nonce. Rotating reveals the old server seed so past rounds
 * can be checked on /provably-fair, which opens in the top window, not inside the game frame.
 */
export function FairnessPanel() {
  const { fairness, revealed, busy, round, setClientSeed, rotateSeed, t } = useGame();
  const [draft, setSeed] = useState<string | null>(null);
  const id = useId();
  if (!fairness) return null;
  const seed = draft ?? fairness.client_seed;
  const valid = SEED_PATTERN.test(seed);
  const roundOpen = round?.status === 'open';
  return (
    <section className="gc-fair" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t('fair.heading')}</h3>
      <dl className="gc-facts">
        <dt>{t('fair.server_seed_hash')}</dt>
        <dd className="gc-mono" data-testid="server-seed-hash">
          {fairness.server_seed_hash}
        </dd>
        <dt>{t('fair.nonce')}</dt>
        <dd data-testid="nonce">{fairness.nonce}</dd>
      </dl>
      <form
        className="gc-fair__form"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid && seed !== fairness.client_seed) void setClientSeed(seed).then((ok) => ok && setSeed(null));
        }}
      >
        <label htmlFor={`${id}-seed`}>{t('fair.client_seed')}</label>
        <div className="gc-bet__row">
          <input
            id={`${id}-seed`}
            className="gc-input gc-mono"
            data-testid="client-seed"
            value={seed}
            maxLength={64}
            onChange={(e) => setSeed(e.target.value)}
            aria-invalid={!valid}
            aria-describedby={`${id}-seed-hint`}
          />
          <button
            type="submit"
            className="gc-btn gc-btn--small"
            disabled={busy || !valid || seed === fairness.client_seed || roundOpen}
          >
            {t('fair.save')}
          </button>
        </div>
        <p id={`${id}-seed-hint`} className="gc-muted">
          {roundOpen ? t('fair.finish_round') : t('fair.client_seed_hint')}
        </p>
      </form>
      <button
        type="button"
        className="gc-btn gc-btn--small"
        data-testid="rotate-seed"
        disabled={busy || roundOpen}
        onClick={() => void rotateSeed()}
      >
        {t('fair.rotate')}
      </button>
      {revealed && (
        <dl className="gc-facts" data-testid="revealed-seed">
          <dt>{t('fair.previous_server_seed')}</dt>
          <dd className="gc-mono">{revealed.server_seed}</dd>
          <dt>{t('fair.previous_client_seed')}</dt>
          <dd className="gc-mono">{revealed.client_seed}</dd>
          <dt>{t('fair.last_nonce')}</dt>
          <dd>{revealed.last_nonce}</dd>
        </dl>
      )}
      <p>
        <a href="/provably-fair" target="_top" data-testid="provably-fair-link">
          {t('fair.verify_link')}
        </a>
      </p>
    </section>
  );
}

/**
 * Shared rounds (Rocket, live roulette) draw one outcome for every player from the round's own
 * server seed: its hash is committed when betting opens and the seed is revealed in the round
 * history when the round ends, so the player's seed pair plays no part.
 */
export function SharedFairness({ round }: { round: { round_id: number; server_seed_hash: string } | null }) {
  const { t } = useGame();
  const id = useId();
  return (
    <section className="gc-fair" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t('fair.heading')}</h3>
      <p className="gc-muted">{t('fair.shared')}</p>
      {round && (
        <dl className="gc-facts">
          <dt>{t('fair.round')}</dt>
          <dd data-testid="shared-round-id">{round.round_id}</dd>
          <dt>{t('fair.server_seed_hash')}</dt>
          <dd className="gc-mono" data-testid="server-seed-hash">
            {round.server_seed_hash}
          </dd>
        </dl>
      )}
      <p>
        <a href="/provably-fair" target="_top" data-testid="provably-fair-link">
          {t('fair.verify_link')}
        </a>
      </p>
    </section>
  );
}
