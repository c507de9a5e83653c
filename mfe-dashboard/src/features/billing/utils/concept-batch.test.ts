import { EMPTY_BATCH, lineProblem, toConceptBatch } from './concept-batch';

const draft = (lines: string) => ({ ...EMPTY_BATCH, lines, due_on: '2026-11-20' });

test('each non-empty line is a one-time concept in centavos, sharing type, level and date', () => {
  const result = toConceptBatch({
    ...draft('Uniforme; 850.00\n\n Libro de inglés ; 1,240.5 '),
    level: 'middle',
  });
  expect(result).toEqual({
    batch: {
      concepts: [
        expect.objectContaining({
          name: 'Uniforme',
          price_centavos: 85_000,
          recurrence: 'SINGLE',
          level: 'middle',
          due_on: '2026-11-20',
          concept_type: 'UNIFORMS_AND_MERCH',
        }),
        expect.objectContaining({ name: 'Libro de inglés', price_centavos: 124_050 }),
      ],
    },
  });
});

test('a line without a price in pesos names its line, as typed (blank lines count)', () => {
  expect(toConceptBatch(draft('Uniforme; 850\n\nLibro; cien'))).toEqual({
    problems: ['Línea 3: escribe «nombre; precio», por ejemplo «Uniforme; 850.00».'],
  });
});

test("the schema's Spanish messages are said by line, and an empty batch asks for one", () => {
  expect(toConceptBatch(draft('Uniforme; 850\nX; 10'))).toEqual({
    problems: ['Línea 2: Escribe el nombre del concepto.'],
  });
  expect(toConceptBatch(draft(''))).toEqual({ problems: ['Agrega al menos un concepto.'] });
});

test("the service's problems are said by line too", () => {
  expect(
    lineProblem({
      path: 'concepts.1.name',
      message: 'Concepto 2: el nombre «a» se repite en el lote.',
    }),
  ).toBe('Línea 2: el nombre «a» se repite en el lote.');
  expect(lineProblem({ path: 'concepts', message: 'Como máximo 50 conceptos por lote.' })).toBe(
    'Como máximo 50 conceptos por lote.',
  );
});
