import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './faults.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    'CONNECT_TIMEOUT',
    'CONNECTION_CLOSED',
    'CONNECTION_DESTROYED',
    'ECONNREFUSED',
    'ECONNRESET',
    '57P01',
    '57P03',
    '53300',
    '57014',
    '08006',
  ])('counts %s as the database being unavailable', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  });

  it('looks through the query wrapper to the driver error', () => {
    const wrapped = new Error('Failed query: select 1', { cause: withCode('57P01') });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('counts a refused connection to every address of the host', () => {
    const refused = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]);
    expect(isDatabaseUnavailable(refused)).toBe(true);
  });

  it('counts the embedded engine once it is closed', () => {
    expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('leaves %s a server error', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
