/**
 * The few parts of mailparser 3.9 (no bundled types, no @types package installed) that the mail
 * tests use to read what a real SMTP server received.
 */
declare module 'mailparser' {
  import type { Readable } from 'node:stream';

  interface AddressObject {
    text: string;
    value: Array<{ address?: string; name: string }>;
  }

  export interface ParsedMail {
    subject?: string;
    text?: string;
    html?: string | false;
    to?: AddressObject | AddressObject[];
    from?: AddressObject;
  }

  export function simpleParser(source: Readable | Buffer | string): Promise<ParsedMail>;
}
