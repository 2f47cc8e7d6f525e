import { createContext, useContext } from 'react';

/**
 * The browser's copy of this document's nonce. Browsers hide it from the `nonce` attribute (CSS
 * selectors cannot read it) but keep it in the element's `nonce` property, which is what React
 * compares when it hydrates.
 */
function documentNonce(): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

/**
 * The Content-Security-Policy nonce of the document (decision 014): entry.server provides the
 * response's; in the browser it is the same value read back from the document, so the elements
 * React Router renders with it (`<Links>`, `<Scripts>`, `<ScrollRestoration>`) hydrate unchanged.
 */
export const NonceContext = createContext(documentNonce());

export function useNonce(): string {
  return useContext(NonceContext);
}
