/**
 * Which issued cashback bonuses this browser session has already opened the cashback popup for
 * (docs/bonuses.md#what-the-player-sees): the popup opens by itself once per bonus, not on every
 * page the player visits until they claim it; the gifts page keeps the way back to it.
 */
const KEY = 'croupier.cashback_offered';

function read(): number[] {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    // Storage refused (private mode, a sandboxed frame) or spoiled: nothing offered yet.
    return [];
  }
}

export function wasCashbackOffered(id: number): boolean {
  return typeof window !== 'undefined' && read().includes(id);
}

export function markCashbackOffered(id: number): void {
  if (typeof window === 'undefined') return;
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify([...read().filter((other) => other !== id), id].slice(-20)));
  } catch {
    // Without storage the popup may open again on the next visit in this tab, nothing worse.
  }
}
