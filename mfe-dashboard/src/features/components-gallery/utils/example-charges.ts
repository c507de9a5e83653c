/** Example rows for the components page (not real data: nothing is fetched there). */
export interface ExampleCharge {
  id: string;
  student: string;
  concept: string;
  due_on: string;
  amount: number;
  due_status: 'PENDING' | 'DUE' | 'OUTSTANDING' | 'PAID';
}

export const EXAMPLE_CHARGES: ExampleCharge[] = [
  {
    id: '1',
    student: 'Sofía López Ruiz',
    concept: 'Colegiatura de septiembre',
    due_on: '2026-09-10',
    amount: 385000,
    due_status: 'DUE',
  },
  {
    id: '2',
    student: 'Diego López Ruiz',
    concept: 'Colegiatura de septiembre',
    due_on: '2026-09-10',
    amount: 412500,
    due_status: 'PAID',
  },
  {
    id: '3',
    student: 'Ángela Núñez',
    concept: 'Inscripción 2026-2027',
    due_on: '2026-08-01',
    amount: 650000,
    due_status: 'OUTSTANDING',
  },
  {
    id: '4',
    student: 'Bruno Díaz',
    concept: 'Transporte',
    due_on: '2026-10-05',
    amount: 120000,
    due_status: 'PENDING',
  },
  {
    id: '5',
    student: 'Zoe Martínez',
    concept: 'Uniforme deportivo',
    due_on: '2026-09-20',
    amount: 89950,
    due_status: 'DUE',
  },
  {
    id: '6',
    student: 'Emilio Ortiz',
    concept: 'Colegiatura de octubre',
    due_on: '2026-10-10',
    amount: 385000,
    due_status: 'PENDING',
  },
];
