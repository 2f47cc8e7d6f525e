import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Locale } from '@croupier/shared/locales';
import { formatMoney } from '../../../i18n/format';
import { localePath } from '../../../i18n/locale-path';
import { useTranslation } from '../../../i18n/runtime';
import { ApiError } from '../../../lib/api-client';
import {
  isValidClientSeed,
  useFairRound,
  useRotateSeed,
  useSeedPair,
  useSetClientSeed,
  type FairRound,
} from '../api/fairness-api';
import type * as ReplayKitModule from '../utils/replay-kit';
import { verifyRound } from '../utils/verify';
import './fairness.css';

type ReplayModule = typeof ReplayKitModule;

/** The replay code (the games' math) loads only when this page needs it, not with the site. */
function useReplay(): ReplayModule | null {
  const [replay, setReplay] = useState<ReplayModule | null>(null);
  useEffect(() => {
    let alive = true;
    void import('../utils/replay-kit').then((m) => alive && setReplay(m));
    return () => {
      alive = false;
    };
  }, []);
  return replay;
}

/** /provably-fair: how outcomes are made, the player's seeds, round verification and a free check. */
export function FairnessPage({ signedIn, locale }: { signedIn: boolean; locale: Locale }) {
  const { t } = useTranslation('fairness');
  const replay = useReplay();
  const signInHref = localePath(`/sign-in?${new URLSearchParams({ redirect: useCurrentPath() })}`, locale);
  return (
    <article className="container page fairness" aria-labelledby="fairness-title">
      <h1 id="fairness-title">{t('title')}</h1>
      <p className="fairness__lead">{t('intro')}</p>
      <section aria-labelledby="fairness-how" className="fairness__card">
        <h2 id="fairness-how">{t('how.title')}</h2>
        <ol className="fairness__steps">
          <li>{t('how.commit')}</li>
          <li>{t('how.client')}</li>
          <li>{t('how.nonce')}</li>
          <li>
            {t('how.bytes')} <code>HMAC-SHA256(server_seed, "client_seed:nonce:cursor")</code>
          </li>
          <li>{t('how.reveal')}</li>
          <li>{t('how.shared')}</li>
        </ol>
      </section>
      {signedIn ? (
        <>
          <SeedPairSection />
          <VerifyRoundSection replay={replay} locale={locale} />
        </>
      ) : (
        <section className="fairness__card" aria-labelledby="fairness-seeds">
          <h2 id="fairness-seeds">{t('seeds.title')}</h2>
          <p>
            {t('seeds.sign_in')} <Link to={signInHref}>{t('sign_in')}</Link>
          </p>
        </section>
      )}
      <ManualCheckSection replay={replay} />
    </article>
  );
}

function useCurrentPath() {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

function SeedPairSection() {
  const { t } = useTranslation('fairness');
  const seeds = useSeedPair(true);
  const setSeed = useSetClientSeed();
  const rotate = useRotateSeed();
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? seeds.data?.client_seed ?? '';
  const valid = isValidClientSeed(value);
  const failed = setSeed.isError || rotate.isError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setSeed.mutate(value, { onSuccess: () => setDraft(null) });
  };

  return (
    <section className="fairness__card" aria-labelledby="fairness-seeds" data-testid="seed-pair">
      <h2 id="fairness-seeds">{t('seeds.title')}</h2>
      {seeds.isError ? (
        <p role="alert">
          {t('seeds.error')}{' '}
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void seeds.refetch()}>
            {t('retry')}
          </button>
        </p>
      ) : !seeds.data ? (
        <p role="status">{t('loading')}</p>
      ) : (
        <>
          <dl className="fairness__facts">
            <dt>{t('seeds.hash')}</dt>
            <dd className="fairness__mono" data-testid="seed-hash">
              {seeds.data.server_seed_hash}
            </dd>
            <dt>{t('seeds.nonce')}</dt>
            <dd data-testid="seed-nonce">{seeds.data.nonce}</dd>
          </dl>
          <form className="fairness__form fairness__form--inline" onSubmit={submit}>
            <label>
              <span>{t('seeds.client')}</span>
              <input
                className="fairness__mono"
                value={value}
                maxLength={64}
                aria-invalid={!valid}
                aria-describedby="client-seed-hint"
                data-testid="client-seed-input"
                onChange={(e) => setDraft(e.target.value)}
              />
            </label>
            <button
              type="submit"
              className="btn btn--secondary btn--sm"
              disabled={!valid || setSeed.isPending || value === seeds.data.client_seed}
            >
              {t('seeds.save')}
            </button>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              data-testid="rotate-seed"
              disabled={rotate.isPending}
              onClick={() => rotate.mutate()}
            >
              {t('seeds.rotate')}
            </button>
          </form>
          <p id="client-seed-hint" className="fairness__hint">
            {t('seeds.hint')}
          </p>
          {failed && <p role="alert">{t('seeds.save_error')}</p>}
          {seeds.data.previous && (
            <div aria-live="polite">
              <h3>{t('seeds.previous')}</h3>
              <dl className="fairness__facts">
                <dt>{t('seeds.server_seed')}</dt>
                <dd className="fairness__mono" data-testid="previous-seed">
                  {seeds.data.previous.server_seed}
                </dd>
                <dt>{t('seeds.hash')}</dt>
                <dd className="fairness__mono">{seeds.data.previous.server_seed_hash}</dd>
                <dt>{t('seeds.client')}</dt>
                <dd className="fairness__mono">{seeds.data.previous.client_seed}</dd>
                <dt>{t('seeds.last_nonce')}</dt>
                <dd>{seeds.data.previous.last_nonce < 0 ? '—' : seeds.data.previous.last_nonce}</dd>
              </dl>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function roundFromQuery(value: string | null): number | null {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : null;
}

function VerifyRoundSection({ replay, locale }: { replay: ReplayModule | null; locale: Locale }) {
  const { t } = useTranslation('fairness');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const roundId = roundFromQuery(params.get('round'));
  const round = useFairRound(roundId);
  const [draft, setDraft] = useState(roundId ? String(roundId) : '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = roundFromQuery(draft.trim());
    if (id) void navigate({ pathname, search: `?round=${id}` });
  };

  const notFound = round.error instanceof ApiError && (round.error.status === 404 || round.error.status === 400);
  return (
    <section className="fairness__card" aria-labelledby="fairness-verify">
      <h2 id="fairness-verify">{t('verify.title')}</h2>
      <form className="fairness__form fairness__form--inline" onSubmit={submit}>
        <label>
          <span>{t('verify.round_label')}</span>
          <input inputMode="numeric" pattern="[0-9]*" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </label>
        <button type="submit" className="btn btn--primary btn--sm">
          {t('verify.submit')}
        </button>
      </form>
      {roundId !== null &&
        (round.isError ? (
          <p role="alert">{notFound ? t('verify.not_found') : t('verify.error')}</p>
        ) : !round.data ? (
          <p role="status">{t('loading')}</p>
        ) : (
          <RoundReport round={round.data} replay={replay} locale={locale} />
        ))}
    </section>
  );
}

function RoundReport({ round, replay, locale }: { round: FairRound; replay: ReplayModule | null; locale: Locale }) {
  const { t } = useTranslation('fairness');
  const result = useMemo(() => (replay ? verifyRound(round, replay.kit) : null), [round, replay]);
  return (
    <div className="fairness__report" data-testid="round-report">
      <dl className="fairness__facts">
        <dt>{t('verify.game')}</dt>
        <dd>{round.game.title}</dd>
        <dt>{t('verify.stake')}</dt>
        <dd>{formatMoney(round.stake_cents, round.currency, locale)}</dd>
        <dt>{t('verify.win')}</dt>
        <dd>{formatMoney(round.win_cents, round.currency, locale)}</dd>
        <dt>{t('seeds.hash')}</dt>
        <dd className="fairness__mono">{round.server_seed_hash}</dd>
        <dt>{t('seeds.server_seed')}</dt>
        <dd className="fairness__mono">{round.server_seed ?? '—'}</dd>
        <dt>{t('seeds.client')}</dt>
        <dd className="fairness__mono">{round.client_seed}</dd>
        <dt>{t('verify.nonce')}</dt>
        <dd>{round.nonce}</dd>
      </dl>
      {!result ? (
        <p role="status">{t('loading')}</p>
      ) : result.kind === 'unrevealed' ? (
        <p
          className="fairness__verdict fairness__verdict--pending"
          role="status"
          data-testid="verify-result"
          data-verified="pending"
        >
          {result.shared ? t('verify.unrevealed_shared') : t('verify.unrevealed')}
        </p>
      ) : (
        <>
          <p
            className={`fairness__verdict fairness__verdict--${result.verified ? 'ok' : 'bad'}`}
            role="status"
            data-testid="verify-result"
            data-verified={String(result.verified)}
          >
            {result.verified ? t('verify.verified') : t('verify.mismatch')}
          </p>
          <ul className="fairness__checks">
            <li>{result.hashOk ? t('verify.hash_ok') : t('verify.hash_bad')}</li>
            <li>
              {result.outcome === 'match'
                ? t('verify.outcome_ok')
                : result.outcome === 'mismatch'
                  ? t('verify.outcome_bad')
                  : result.outcome === 'unsupported'
                    ? t('verify.unsupported')
                    : t('verify.replay_error', { message: result.error ?? '' })}
            </li>
          </ul>
          <details>
            <summary>{t('verify.details')}</summary>
            <h3>{t('verify.recorded')}</h3>
            <pre className="fairness__json">{JSON.stringify(round.outcome, null, 2)}</pre>
            <h3>{t('verify.replayed')}</h3>
            <pre className="fairness__json">{JSON.stringify(result.replayed, null, 2)}</pre>
          </details>
        </>
      )}
    </div>
  );
}

function ManualCheckSection({ replay }: { replay: ReplayModule | null }) {
  const { t } = useTranslation('fairness');
  const [form, setForm] = useState({ serverSeed: '', clientSeed: '', nonce: '0', game: '', bet: '{"amount":100}' });
  const [shown, setShown] = useState<typeof form | null>(null);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const games = replay?.manualGames ?? [];
  const selected = games.find((g) => g.key === form.game) ?? null;

  const output = useMemo(() => {
    if (!shown || !replay) return null;
    const nonce = Number(shown.nonce);
    if (!Number.isSafeInteger(nonce) || nonce < 0) return { error: t('manual.bad_nonce') };
    const hash = replay.kit.sha256Hex(shown.serverSeed);
    const floats = replay.firstFloats(shown.serverSeed, shown.clientSeed, nonce, 8);
    if (!shown.game) return { hash, floats };
    try {
      const bet: unknown = shown.bet.trim() ? JSON.parse(shown.bet) : undefined;
      return { hash, floats, outcome: replay.playManual(shown.game, shown.serverSeed, shown.clientSeed, nonce, bet) };
    } catch (error) {
      return { hash, floats, error: error instanceof Error ? error.message : String(error) };
    }
  }, [shown, replay, t]);

  return (
    <section className="fairness__card" aria-labelledby="fairness-manual">
      <h2 id="fairness-manual">{t('manual.title')}</h2>
      <p>{t('manual.text')}</p>
      <form
        className="fairness__form"
        onSubmit={(e) => {
          e.preventDefault();
          setShown(form);
        }}
      >
        <label>
          <span>{t('seeds.server_seed')}</span>
          <input
            className="fairness__mono"
            required
            value={form.serverSeed}
            onChange={(e) => set({ serverSeed: e.target.value })}
          />
        </label>
        <label>
          <span>{t('seeds.client')}</span>
          <input
            className="fairness__mono"
            required
            maxLength={64}
            value={form.clientSeed}
            onChange={(e) => set({ clientSeed: e.target.value })}
          />
        </label>
        <label>
          <span>{t('verify.nonce')}</span>
          <input
            inputMode="numeric"
            pattern="[0-9]*"
            required
            value={form.nonce}
            onChange={(e) => set({ nonce: e.target.value })}
          />
        </label>
        <label>
          <span>{t('manual.game')}</span>
          <select value={form.game} onChange={(e) => set({ game: e.target.value })}>
            <option value="">{t('manual.no_game')}</option>
            {games.map((g) => (
              <option key={g.key} value={g.key}>
                {g.label}
              </option>
            ))}
          </select>
        </label>
        {selected && !selected.shared && (
          <label>
            <span>{t('manual.bet')}</span>
            <input className="fairness__mono" value={form.bet} onChange={(e) => set({ bet: e.target.value })} />
          </label>
        )}
        <div>
          <button type="submit" className="btn btn--primary btn--sm" disabled={!replay}>
            {t('manual.submit')}
          </button>
        </div>
      </form>
      {output && (
        <div className="fairness__report" aria-live="polite" data-testid="manual-result">
          {output.error && <p role="alert">{output.error}</p>}
          {'hash' in output && (
            <dl className="fairness__facts">
              <dt>{t('manual.hash')}</dt>
              <dd className="fairness__mono">{output.hash}</dd>
              <dt>{t('manual.floats')}</dt>
              <dd className="fairness__mono">{output.floats?.map((f) => f.toFixed(8)).join(', ')}</dd>
            </dl>
          )}
          {'outcome' in output && output.outcome !== undefined && (
            <>
              <h3>{t('manual.outcome')}</h3>
              <pre className="fairness__json">{JSON.stringify(output.outcome, null, 2)}</pre>
            </>
          )}
        </div>
      )}
    </section>
  );
}
