/**
 * reCAPTCHA v3 token for sign-in, sign-up and confirmation resend (docs/player-app.md#captcha): only when the site
 * has a key, never for bots; a failure is logged and the request goes on without a token.
 */
interface Grecaptcha {
  ready: (cb: () => void) => void;
  execute: (key: string, options: { action: string }) => Promise<string>;
}

let loading: Promise<Grecaptcha> | null = null;

function load(siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onerror = () => {
      loading = null;
      reject(new Error('captcha script failed to load'));
    };
    script.onload = () => {
      const g = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (g) g.ready(() => resolve(g));
      else reject(new Error('captcha unavailable'));
    };
    document.head.append(script);
  });
  return loading;
}

export async function getCaptchaToken(
  siteKey: string | null | undefined,
  action: string,
  isBot: boolean,
  timeoutMs = 5_000,
): Promise<string | undefined> {
  if (!siteKey || isBot || typeof window === 'undefined') return undefined;
  try {
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('captcha timeout')), timeoutMs),
    );
    const g = await Promise.race([load(siteKey), timeout]);
    return await Promise.race([g.execute(siteKey, { action }), timeout]);
  } catch (error) {
    console.warn('CAPTCHA_ERROR', error);
    return undefined;
  }
}
