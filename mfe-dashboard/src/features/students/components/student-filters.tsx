import { EDUCATION_LEVEL_LABELS } from '@cuota/contracts/enrolment/entities';
import type { StudentFilterOptions } from '@cuota/contracts/enrolment/student-list';
import { FilterSelect } from '@cuota/ui/filter-select';
import { SearchForm } from '@cuota/ui/search-form';
import { useSearchAsYouType } from '../../../components/use-search-as-you-type';
import { bindFilter, type UrlFilters } from '../../../components/use-url-filters';
import type { StudentFilterValues } from '../utils/list-params';

interface Props {
  url: UrlFilters<StudentFilterValues>;
  options: StudentFilterOptions | undefined;
}

/** Search box (sent as typed and on submit) and the nivel, grupo and estatus selects. */
export function StudentFilters({ url, options }: Props) {
  const [value, go] = url;
  const searching = useSearchAsYouType(value.search, (search, typed) =>
    go({ search: search || undefined }, { replace: typed }),
  );
  // Every level has its "1° A": with all levels listed, each group names its own.
  const sections = (options?.sections ?? [])
    .filter((s) => !value.level || s.level === value.level)
    .map((s) =>
      value.level ? s : { ...s, label: `${EDUCATION_LEVEL_LABELS[s.level]} ${s.label}` },
    );
  return (
    <SearchForm
      name="Buscar alumnos"
      hint="Nombre, CURP o matrícula"
      value={value.search}
      {...searching}
    >
      <FilterSelect
        label="Nivel"
        value={value.level}
        options={options?.levels ?? []}
        // A group belongs to one level: changing the level forgets the group.
        onChange={(level) => go({ level, section_id: undefined })}
      />
      <FilterSelect label="Grupo" options={sections} {...bindFilter(url, 'section_id')} />
      <FilterSelect
        label="Estatus"
        options={options?.statuses ?? []}
        {...bindFilter(url, 'status')}
      />
    </SearchForm>
  );
}
