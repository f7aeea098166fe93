import { describe, expect, it } from 'vitest';
import { multipartFields } from './one-click-body.js';

const TYPE = 'multipart/form-data; boundary=----x1';
const body = (text: string) => Buffer.from(text.replace(/\n/g, '\r\n'));

describe('multipartFields', () => {
  it("reads RFC 8058's one-click body as a mailbox provider sends it, with its preamble and other fields", () => {
    const sent = body(
      'preamble\n------x1\nContent-Disposition: form-data; name="List-Unsubscribe"\n\nOne-Click\n' +
        '------x1\ncontent-disposition: form-data; name="other"; filename="a.txt"\nContent-Type: text/plain\n\nx\n' +
        '------x1--\n',
    );
    expect(multipartFields(sent, TYPE)).toEqual({ 'List-Unsubscribe': 'One-Click', other: 'x' });
    expect(multipartFields(sent, 'multipart/form-data; boundary="----x1"')).toEqual({
      'List-Unsubscribe': 'One-Click',
      other: 'x',
    });
  });

  it('keeps the first of a name, and a name such as __proto__ as an own field only', () => {
    const sent = body(
      '------x1\nContent-Disposition: form-data; name="__proto__"\n\np\n' +
        '------x1\nContent-Disposition: form-data; name="List-Unsubscribe"\n\nOne-Click\n' +
        '------x1\nContent-Disposition: form-data; name="List-Unsubscribe"\n\nlater\n------x1--',
    );
    const fields = multipartFields(sent, TYPE)!;
    expect(fields['List-Unsubscribe']).toBe('One-Click');
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.hasOwn(fields, '__proto__')).toBe(true);
  });

  it('refuses a body that is not well formed', () => {
    const part = '------x1\nContent-Disposition: form-data; name="List-Unsubscribe"\n\nOne-Click\n';
    expect(multipartFields(body(`${part}------x1--`), 'multipart/form-data')).toBeNull();
    expect(multipartFields(body(part), TYPE)).toBeNull();
    expect(multipartFields(body('------x1\nContent-Type: text/plain\n\nOne-Click\n------x1--'), TYPE)).toBeNull();
    expect(multipartFields(body('------x1--'), TYPE)).toBeNull();
    expect(multipartFields(body('List-Unsubscribe=One-Click'), TYPE)).toBeNull();
  });
});
