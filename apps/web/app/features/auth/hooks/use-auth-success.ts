import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useModal } from '../../../components/modal/modal-context';
import { href } from '../../../config/paths';
import { useLocale } from '../../../i18n/use-locale';
import { useApi } from '../../../lib/api-context';
import type { Player } from '../../../lib/api-types';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { getPlayer } from '../../../lib/player/get-player';

export type AuthFormMode = 'modal' | 'route';

/**
 * After sign-in or sign-up (docs/player-app.md#sign-up-steps): store the player, refresh the wallets, close the modal, and
 * go to the same-site `redirect` target when there is one. A popup or full auth page without a
 * target goes to main; a modal over another page stays there.
 */
export function useAuthSuccess(mode: AuthFormMode) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const modal = useModal();
  const locale = useLocale();
  return async (response: Player | null) => {
    const player = response && typeof response === 'object' && 'id' in response ? response : await getPlayer(api);
    queryClient.setQueryData(QUERY_KEYS.player, player);
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.accounts });
    const target = safeRedirectPath(params.get('redirect'));
    if (mode === 'modal') modal?.close({ immediate: true });
    if (target) await navigate(target, { replace: true });
    else if (mode === 'route') await navigate(href('home', locale), { replace: true });
  };
}
