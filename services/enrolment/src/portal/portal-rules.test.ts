import { visibleFeatures } from './portal-rules';

test('guardians see public features; staff also beta and staff ones; hidden ones nobody', () => {
  expect(visibleFeatures('guardian')).toEqual(['PUBLIC']);
  expect([...visibleFeatures('staff')].sort()).toEqual(['BETA', 'PUBLIC', 'STAFF']);
  for (const kind of ['guardian', 'staff', 'service', 'anonymous'] as const)
    expect(visibleFeatures(kind)).not.toContain('HIDDEN');
});
