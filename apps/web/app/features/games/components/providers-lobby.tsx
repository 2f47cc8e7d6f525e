import { useTranslation } from '../../../i18n/runtime';
import { useProviders } from '../api/get-providers';
import { ProvidersGrid, ProvidersGridSkeleton } from './providers';
import { ErrorState } from './states';
import './games.css';

/** /producers: every provider with its number of games. */
export function ProvidersLobby() {
  const { t } = useTranslation('lobby');
  const providers = useProviders();
  return (
    <div className="lobby-page">
      <div className="lobby-page__head">
        <h1 className="lobby-page__title">{t('providers.title')}</h1>
      </div>
      {providers.data ? (
        <ProvidersGrid providers={providers.data} />
      ) : providers.isError ? (
        <ErrorState onRetry={() => void providers.refetch()} busy={providers.isFetching} />
      ) : (
        <ProvidersGridSkeleton />
      )}
    </div>
  );
}
