import { skipToken } from '@reduxjs/toolkit/query/react';
import type { SchoolPublicFace } from '@cuota/contracts/enrolment/schools';
import { useSchoolPublicFaceQuery } from './store-school-api';

export interface StoreSchool {
  /** Null while loading, or when the school does not take sign-ups (nothing to show). */
  face: SchoolPublicFace | null;
  name: string | null;
  logoUrl: string | null;
}

/**
 * The school a store page is about: its public face, which enrolment answers to anyone while
 * the school takes sign-ups (signed out, a family, or staff of any school visiting).
 */
export function useStoreSchool(schoolId: string | undefined): StoreSchool {
  const { data } = useSchoolPublicFaceQuery(schoolId ?? skipToken);
  return { face: data ?? null, name: data?.name ?? null, logoUrl: data?.logo_url ?? null };
}
