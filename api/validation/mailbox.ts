import { fullFormats } from 'ajv-formats/dist/formats';

/**
 * A sender as mail headers write one (RFC 5322's `mailbox`): an address, `billing@acme.com`, or a display name and
 * an address, `Acme <billing@acme.com>`. The schema format of the tenant's SMTP `from`.
 */
export const MAILBOX_FORMAT = 'mailbox';

export const MAILBOX_MESSAGE =
  'must be an e-mail address (billing@acme.com) or a name and address (Acme <billing@acme.com>)';

// The address: what `format: 'email'` takes everywhere else in the API (ajv-formats' full check).
const ADDRESS = fullFormats.email as RegExp;

/**
 * `Name <address>`: the name is quoted (`"Acme, Inc."`) or plain text without the characters nodemailer's address
 * parser reads as structure (`,` and `;` split it into several addresses, `:` makes a group, `( )` a comment, `"`
 * `\` `< >` quoting and the address), so the header nodemailer writes names the sender as given. Non-ASCII names
 * are fine: nodemailer encodes them. No control characters (line breaks, tabs) anywhere.
 */
const NAMED = /^(?:"(?:[^"\\\p{Cc}]|\\[^\p{Cc}])+"|[^\s"\\<>(),;:\p{Cc}][^"\\<>(),;:\p{Cc}]*)? *<([^<>\s]+)>$/u;

/** Whether `text` is an address or `Name <address>`, as nodemailer sends it unchanged as the From. */
export function isMailbox(text: string): boolean {
  if (ADDRESS.test(text)) return true;
  const address = NAMED.exec(text)?.[1];
  return address !== undefined && ADDRESS.test(address);
}
