import { isMailbox } from './mailbox';

describe('isMailbox (the SMTP sender format)', () => {
  it.each([
    'billing@acme.example',
    'Acme Billing <billing@acme.example>',
    'Acme Billing<billing@acme.example>',
    '<billing@acme.example>',
    '"Acme, Inc." <billing@acme.example>',
    '"Acme \\"Q\\" Ltd" <billing@acme.example>',
    'Müller & Söhne GmbH <rechnung@mueller.example>',
  ])('takes %j', (text) => {
    expect(isMailbox(text)).toBe(true);
  });

  it.each([
    ['a name alone', 'Acme Billing'],
    ['text', 'not an address'],
    ['a name and no address', 'Acme <not an address>'],
    ['an address without a dot in its domain', 'Acme <billing@acme>'],
    ['two addresses', 'a@acme.example, b@acme.example'],
    ['a plain name with a comma, which splits it', 'Acme, Inc. <a@acme.example>'],
    ['a group', 'Billing: a@acme.example;'],
    ['a comment', 'a@acme.example (Acme)'],
    ['a line break', 'Acme\r\nBcc: x@evil.example <a@acme.example>'],
    ['a tab', 'Acme\t<a@acme.example>'],
    ['surrounding spaces', ' Acme <a@acme.example> '],
    ['an empty quoted name', '"" <a@acme.example>'],
  ])('refuses %s: %j', (_case, text) => {
    expect(isMailbox(text)).toBe(false);
  });
});
