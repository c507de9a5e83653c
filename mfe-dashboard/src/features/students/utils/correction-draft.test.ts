import { checkCorrection } from './correction-draft';

const draft = { amount_centavos: 450_000, due_on: '2026-10-10', reason: 'Precio de hermanos' };

test('a complete correction passes the service schema', () => {
  expect(checkCorrection('edit_base', draft, false)).toEqual({ ok: true });
  expect(checkCorrection('cancel', draft, false)).toEqual({ ok: true });
});

test('problems sit beside their field, money in pesos, without the word centavos', () => {
  const result = checkCorrection('edit_base', { ...draft, amount_centavos: 0, reason: 'x' }, false);
  expect(result).toEqual({
    problems: {
      amount_centavos: 'Escribe una cantidad mayor que $0.00.',
      reason: 'Escribe el motivo (al menos 3 letras).',
    },
  });
  const empty = checkCorrection('edit_base', { ...draft, amount_centavos: null }, false);
  expect(empty).toEqual({
    problems: { amount_centavos: 'Escribe una cantidad en pesos, por ejemplo 1,250.00.' },
  });
  expect(checkCorrection('edit_due', { ...draft, due_on: '' }, false)).toEqual({
    problems: { due_on: 'Escribe una fecha válida (AAAA-MM-DD).' },
  });
});
