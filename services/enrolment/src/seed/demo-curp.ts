import { curpCheckDigit } from '@cuota/contracts/enrolment/curp';
import type { Gender } from '@cuota/contracts/enrolment/entities';

/**
 * A demo student's CURP, composed by RENAPO's rules from the name and the birth date: what a
 * child born in Nuevo León (the demo school's state) with no namesake would have. Facts:
 * ../shared/reference/mexico.md §1.5.
 */
export interface CurpPerson {
  givenNames: string;
  firstSurname: string;
  secondSurname: string | null;
  /** YYYY-MM-DD. */
  birthDate: string;
  gender: Gender;
}

const STATE = 'NL';
/** Words a name's first word is not (particles of compound surnames, María/José first). */
const PARTICLES = new Set(
  'DA DAS DE DEL DER DI DIE DD EL LA LOS LAS LE LES MAC MC VAN VON Y'.split(' '),
);
const COMMON_FIRST_NAMES = new Set(['MARIA', 'MA', 'JOSE', 'J']);
/** RENAPO's list of words the first four letters may not spell (the vowel becomes X). */
const BAD_WORDS = new Set(
  `BACA BAKA BUEI BUEY CACA CACO CAGA CAGO CAKA CAKO COGE COGI COJA COJE COJI COJO COLA CULO
   FALO FETO GETA GUEI GUEY JETA JOTO KACA KACO KAGA KAGO KAKA KAKO KOGE KOGI KOJA KOJE KOJI
   KOJO KOLA KULO LILO LOCA LOCO LOKA LOKO MAME MAMO MEAR MEAS MEON MIAR MION MOCO MOKO MULA
   MULO NACA NACO PEDA PEDO PENE PIPI PITO POPO PUTA PUTO QULO RATA ROBA ROBE ROBO RUIN SENO
   TETA VACA VAGA VAGO VAKA VUEI VUEY WUEI WUEY`.split(/\s+/),
);

/** Upper-case words, accents off; Ñ is X wherever the CURP takes a letter of a name. */
const words = (name: string) =>
  name
    .toUpperCase()
    .replace(/Ñ/g, 'X')
    .normalize('NFD')
    .replace(/[^A-Z\s]/g, '')
    .split(/\s+/)
    .filter(Boolean);

/** The word a name is read by: past particles, and past María or José when more follows. */
function keyWord(name: string, skipped: Set<string>): string {
  const all = words(name);
  return all.find((w, i) => !skipped.has(w) || i === all.length - 1) ?? 'X';
}

/** The first vowel (or consonant) after the word's first letter; X when there is none. */
const firstInner = (word: string, vowel: boolean) =>
  [...word.slice(1)].find((c) => 'AEIOU'.includes(c) === vowel) ?? 'X';

export function demoCurp(person: CurpPerson): string {
  const first = keyWord(person.firstSurname, PARTICLES);
  const second = person.secondSurname ? keyWord(person.secondSurname, PARTICLES) : null;
  const given = keyWord(person.givenNames, new Set([...PARTICLES, ...COMMON_FIRST_NAMES]));
  let initials = `${first[0]}${firstInner(first, true)}${second?.[0] ?? 'X'}${given[0]}`;
  if (BAD_WORDS.has(initials)) initials = `${initials[0]}X${initials.slice(2)}`;
  const [year, month, day] = person.birthDate.split('-');
  const consonants = `${firstInner(first, false)}${second ? firstInner(second, false) : 'X'}${firstInner(given, false)}`;
  // The namesake digit: 0–9 for people born before 2000, A–Z from 2000 on; the first of each.
  const homonym = Number(year) < 2000 ? '0' : 'A';
  const body = `${initials}${year!.slice(2)}${month}${day}${person.gender === 'M' ? 'H' : 'M'}${STATE}${consonants}${homonym}`;
  return body + curpCheckDigit(body);
}
