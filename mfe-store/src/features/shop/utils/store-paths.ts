/** A page of a school's store, under the shell's /store mount. */
export const storePath = (schoolId: string, page = '') =>
  `/store/${encodeURIComponent(schoolId)}${page ? `/${page}` : ''}`;
