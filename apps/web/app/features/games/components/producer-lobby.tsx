import { useTranslation } from '../../../i18n/runtime';
import { Link } from 'react-router';
import { useProviders } from '../api/get-providers';
import { useLocalePath } from '../hooks/use-locale-path';
import type { Device, Viewer } from '../types';
import { paths } from '../utils/paths';
import { prettifySlug } from '../utils/providers';
import { InfiniteGameGrid } from './infinite-game-grid';
import { NotFoundState } from './states';
import './games.css';

export interface ProducerLobbyProps {
  slug: string;
  /** First page listed (`/producers/{slug}/{page}`). */
  startPage: number;
  device: Device;
  viewer: Viewer;
  notFound: boolean;
}

/** /producers/{slug}[/{page}]: one provider's games, from the given page on, with infinite scroll. */
export function ProducerLobby({ slug, startPage, device, viewer, notFound }: ProducerLobbyProps) {
  const { t } = useTranslation('lobby');
  const href = useLocalePath();
  const providers = useProviders();
  const provider = providers.data?.find((p) => p.id === slug);

  if (notFound || (providers.data && !provider)) {
    return (
      <div className="lobby-page">
        <NotFoundState
          title={t('not_found.producer_title')}
          text={t('not_found.producer_text')}
          backHref={href(paths.producers())}
          backLabel={t('not_found.producers_link')}
        />
      </div>
    );
  }

  const title = provider?.title ?? prettifySlug(slug);
  return (
    <div className="lobby-page">
      <div className="lobby-page__head">
        <h1 className="lobby-page__title">{title}</h1>
        {provider && <p className="lobby-page__lead">{t('providers.games_count', { count: provider.games_count })}</p>}
      </div>
      {startPage > 1 && (
        <p className="lobby-page__lead">
          {t('producer.starting_page', { page: startPage })}{' '}
          <Link to={href(paths.producer(slug))}>{t('producer.from_start')}</Link>
        </p>
      )}
      <InfiniteGameGrid
        key={`${slug}:${startPage}`}
        args={{ device, filter: { providers: [slug] }, startPage }}
        viewer={viewer}
        label={t('producer.list', { title })}
        empty={t('grid.empty')}
      />
    </div>
  );
}
