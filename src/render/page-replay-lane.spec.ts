import { withVary } from './page-replay-lane';

describe(withVary.name, () => {
  it.each([
    [undefined, ['Accept-Encoding'], 'Accept-Encoding'],
    ['', ['Accept-Encoding'], 'Accept-Encoding'],
    ['X-Forwarded-Proto', ['Accept-Encoding'], 'X-Forwarded-Proto, Accept-Encoding'],
    ['accept-encoding, Cookie', ['Accept-Encoding'], 'accept-encoding, Cookie'],
    ['Cookie', ['X-Forwarded-Host', 'Cookie'], 'Cookie, X-Forwarded-Host'],
    ['*', ['Accept-Encoding'], '*'],
    [undefined, [], ''],
  ])('appends to %p the missing fields of %p, as res.vary does', (value, fields, expected) => {
    expect(withVary(value, fields)).toBe(expected);
  });
});
