import { isId } from '../domain/ids';
import { newId } from './ids';

describe('newId', () => {
  it('makes well-formed ids that sort in creation order', () => {
    const ids = Array.from({ length: 1000 }, () => newId('invoice'));
    expect(ids.every((id) => isId('invoice', id))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
