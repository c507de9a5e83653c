import { Outlet, useLocation, useParams } from 'react-router';
import { StoreFrame } from '@cuota/ui/store-frame';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useEmbedHeight } from './use-embed-height';
import { useStoreSchool } from './use-store-school';

/** The frame of every store page; a school's pages carry its name, logo and privacy notice. */
export function StoreLayout() {
  const { schoolId } = useParams();
  const { pathname } = useLocation();
  const school = useStoreSchool(schoolId);
  useEmbedHeight(schoolId);
  return (
    <StoreFrame
      schoolName={school.name}
      logoUrl={school.logoUrl}
      routeKey={pathname}
      footer={
        schoolId && (
          <UtmLink to={`/store/${encodeURIComponent(schoolId)}/aviso-de-privacidad`}>
            Aviso de privacidad
          </UtmLink>
        )
      }
    >
      <Outlet />
    </StoreFrame>
  );
}
