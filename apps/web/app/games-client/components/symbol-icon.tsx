import { GAME_SYMBOLS, type GameSymbolKey } from '@croupier/shared/game-symbols';

/**
 * One of our drawn game symbols (@croupier/shared/game-symbols) as inline SVG: no image request,
 * no emoji font. With a `label` it is an image of that name; without, it is decoration whose
 * meaning the surrounding text carries.
 */
export function SymbolIcon({
  symbol,
  label,
  className,
}: {
  symbol: GameSymbolKey;
  label?: string;
  className?: string;
}) {
  return (
    <svg
      className={className}
      viewBox="0 0 64 64"
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      // Static shapes from our own module, checked against a closed vocabulary (game-symbols.test.ts).
      dangerouslySetInnerHTML={{ __html: GAME_SYMBOLS[symbol].svg }}
    />
  );
}
