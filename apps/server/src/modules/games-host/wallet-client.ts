import type { WalletAction, WalletResponse } from '@croupier/shared/api/wallet';
import { WalletProtocol } from '../wallet/index.ts';

/**
 * How the games host talks to a casino wallet: the seamless-wallet protocol of
 * docs/wallet-protocol.md, signed with a key made at start-up. The bytes go straight to the
 * protocol handler in this process; `/wallet/v1` refuses the host's id over HTTP (decision 012). A
 * separately deployed host would be a third-party provider like any studio: its own id and secret
 * in WALLET_PROVIDERS, POSTing the same bytes to `/wallet/v1/<action>`.
 */
export interface WalletClient {
  call(action: WalletAction, body: Record<string, unknown>): Promise<{ httpStatus: number; response: WalletResponse }>;
}

export class InProcessWalletClient implements WalletClient {
  constructor(
    private readonly protocol: WalletProtocol,
    private readonly provider: string,
    private readonly secret: string,
  ) {}

  async call(action: WalletAction, body: Record<string, unknown>) {
    const raw = JSON.stringify(body);
    const reply = await this.protocol.handle(
      this.provider,
      action,
      Buffer.from(raw),
      WalletProtocol.sign(this.secret, raw),
    );
    return { httpStatus: reply.httpStatus, response: JSON.parse(reply.body) as WalletResponse };
  }
}
