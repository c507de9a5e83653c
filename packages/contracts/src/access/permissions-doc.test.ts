import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STAFF_ROLES, type StaffRole } from '@cuota/contracts/enrolment/entities';
import { PERMISSION_DOMAIN, PERMISSION_LABELS } from './permission-labels';
import {
  PERMISSIONS,
  ROLE_PERMISSIONS,
  type Permission,
} from '@cuota/contracts/access/permissions';

const DOC = path.resolve(__dirname, '../../../../docs/permissions.md');

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/** Every matrix row of the doc: permission → the roles ticked, under the domain heading. */
function parseMatrix(markdown: string) {
  const rows = new Map<string, { domain: string; label: string; roles: StaffRole[] }>();
  let domain = '';
  let roles: string[] = [];
  for (const line of markdown.split('\n')) {
    const heading = /^### (\w+)/.exec(line);
    if (heading) domain = heading[1]!;
    if (line.startsWith('| permiso')) roles = cells(line).slice(2);
    const row = /^\| `([a-z.]+)`/.exec(line);
    if (!row) continue;
    const [, label, ...marks] = cells(line);
    expect(roles).toEqual([...STAFF_ROLES]);
    expect(marks.every((m) => m === '✓' || m === '—')).toBe(true);
    expect(rows.has(row[1]!)).toBe(false);
    rows.set(row[1]!, {
      domain,
      label: label!,
      roles: roles.filter((_, i) => marks[i] === '✓') as StaffRole[],
    });
  }
  return rows;
}

describe('docs/permissions.md', () => {
  const matrix = parseMatrix(readFileSync(DOC, 'utf8'));

  test('lists every permission once, in its domain, with its Spanish label', () => {
    expect([...matrix.keys()].sort()).toEqual([...PERMISSIONS].sort());
    for (const [permission, row] of matrix) {
      expect(row.domain).toBe(PERMISSION_DOMAIN[permission as Permission]);
      expect(row.label).toBe(PERMISSION_LABELS[permission as Permission]);
    }
  });

  test.each(STAFF_ROLES)('ticks exactly what ROLE_PERMISSIONS gives %s', (role) => {
    const documented = [...matrix].filter(([, row]) => row.roles.includes(role)).map(([p]) => p);
    expect(documented.sort()).toEqual([...ROLE_PERMISSIONS[role]].sort());
  });
});
