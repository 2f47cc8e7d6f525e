import { useNavigation } from 'react-router';
import { useIsMutating } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/runtime';

/**
 * Thin progress bar while a navigation or a mutation runs. It fades in after 150 ms (CSS), so
 * quick work never flashes it.
 */
export function GlobalLoader() {
  const { t } = useTranslation();
  const navigating = useNavigation().state !== 'idle';
  const mutating = useIsMutating() > 0;
  if (!navigating && !mutating) return null;
  return <div className="global-loader" role="progressbar" aria-label={t('actions.loading')} aria-busy="true" />;
}
