import type { WalletResponse } from '../modules/wallet/protocol.schemas.ts';
import { WalletProtocol } from '../modules/wallet/protocol.ts';

/**
 * How the games host talks to a casino wallet: the seamless-wallet protocol of
 * docs/wallet-protocol.md, signed with the host's secret. In the one-process default the bytes go
 * straight to the protocol handler; a separately deployed host would POST the same bytes to
 * `/wallet/v1/<action>` (HttpWalletClient) — the casino cannot tell the difference.
 */
export interface WalletClient {
  call(action: 'balance' | 'bet' | 'win' | 'rollback', body: Record<string, unknown>): Promise<{ httpStatus: number; response: WalletResponse }>;
}

export class InProcessWalletClient implements WalletClient {
  constructor(
    private readonly protocol: WalletProtocol,
    private readonly provider: string,
    private readonly secret: string,
  ) {}

  async call(action: 'balance' | 'bet' | 'win' | 'rollback', body: Record<string, unknown>) {
    const raw = JSON.stringify(body);
    const reply = await this.protocol.handle(this.provider, action, Buffer.from(raw), WalletProtocol.sign(this.secret, raw));
    return { httpStatus: reply.httpStatus, response: JSON.parse(reply.body) as WalletResponse };
  }
}

export class HttpWalletClient implements WalletClient {
  constructor(
    private readonly baseUrl: string,
    private readonly provider: string,
    private readonly secret: string,
  ) {}

  async call(action: 'balance' | 'bet' | 'win' | 'rollback', body: Record<string, unknown>) {
    const raw = JSON.stringify(body);
    const res = await fetch(new URL(`/wallet/v1/${action}`, this.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-croupier-provider': this.provider, 'x-croupier-signature': `sha256=${WalletProtocol.sign(this.secret, raw)}` },
      body: raw,
      signal: AbortSignal.timeout(5_000),
    });
    return { httpStatus: res.status, response: (await res.json()) as WalletResponse };
  }
}
