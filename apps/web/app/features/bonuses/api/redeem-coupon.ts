import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CouponResponse } from '@croupier/shared/api/bonuses';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { bonusKeys } from './query-keys';

/**
 * `POST /api/bonuses/coupon {coupon_code}`: always a 200 whose `status` is the outcome
 * (`successfully_activated`, `already_activated`, `failed_to_activate`, docs/api-shapes.md 8.5).
 */
export const redeemCoupon = (api: ApiClient, code: string) =>
  api.post<CouponResponse>('/api/bonuses/coupon', { coupon_code: code });

/** Invalidates the bonuses, the packs and the codes a redeemed coupon may have added to. */
export function useRedeemCoupon() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => redeemCoupon(api, code),
    onSuccess: (result) => {
      if (result.status !== 'successfully_activated') return;
      void queryClient.invalidateQueries({ queryKey: bonusKeys.list });
      void queryClient.invalidateQueries({ queryKey: bonusKeys.freespins });
      void queryClient.invalidateQueries({ queryKey: bonusKeys.codes });
    },
  });
}
