import { checkOwnersLeft, checkStaffChange, type Actor } from './admin-rules';

const owner: Actor = { userId: 'a', grant: { role: 'OWNER' } };
const director: Actor = { userId: 'b', grant: { role: 'GENERAL_DIRECTOR' } };

describe('who may change whom (docs/permissions.md rules)', () => {
  test('a manager of staff changes ordinary members', () => {
    expect(() =>
      checkStaffChange(director, 'c', { role: 'OTHER' }, { role: 'TREASURER' }),
    ).not.toThrow();
  });

  test('only an owner touches owners or staff.write, before or after the change', () => {
    const cases = [
      [{ role: 'OWNER' }, { role: 'OTHER' }],
      [{ role: 'OTHER' }, { role: 'OWNER' }],
      [{ role: 'OTHER' }, { role: 'OTHER', permissions: ['staff.write'] }],
      [{ role: 'GENERAL_DIRECTOR' }, null],
      [null, { role: 'GENERAL_DIRECTOR' }],
    ] as const;
    for (const [before, after] of cases) {
      expect(() => checkStaffChange(director, 'c', before, after)).toThrow(/Solo un propietario/);
      expect(() => checkStaffChange(owner, 'c', before, after)).not.toThrow();
    }
  });

  test('nobody changes or removes themselves; without staff.write nothing', () => {
    expect(() => checkStaffChange(owner, 'a', { role: 'OWNER' }, { role: 'OTHER' })).toThrow(
      /propio rol/,
    );
    expect(() => checkStaffChange(owner, 'a', { role: 'OWNER' }, null)).toThrow(/quitarte/);
    const withList: Actor = { userId: 'd', grant: { role: 'OWNER', permissions: ['staff.read'] } };
    expect(() => checkStaffChange(withList, 'c', { role: 'OTHER' }, null)).toThrow(
      /no tiene permiso/,
    );
  });

  test('the last owner stays an owner', () => {
    expect(() => checkOwnersLeft(1, { role: 'OWNER' }, null)).toThrow(/al menos un propietario/);
    expect(() => checkOwnersLeft(1, { role: 'OWNER' }, { role: 'TREASURER' })).toThrow();
    expect(() => checkOwnersLeft(2, { role: 'OWNER' }, null)).not.toThrow();
    expect(() =>
      checkOwnersLeft(1, { role: 'OWNER' }, { role: 'OWNER', permissions: [] }),
    ).not.toThrow();
  });
});
