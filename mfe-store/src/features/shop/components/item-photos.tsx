import styled from 'styled-components';
import { onApiOrigin } from '@cuota/web-core/api/api-origin';
import type { StoreItemView } from '../utils/cart';

/** A 4:3 box reserved before the photo arrives, so the card below it never jumps. */
const Frame = styled.div`
  aspect-ratio: 4 / 3;
  width: 100%;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colors.neutralSurface};
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Gallery = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 220px), 1fr));
  gap: ${({ theme }) => theme.space(2)};
`;

/**
 * One photo on Cuota's API origin (absolute inside `<cuota-store>`), loaded lazily; alt is the
 * item's name, numbered when it has several.
 */
function Photo({ url, alt }: { url: string; alt: string }) {
  return (
    <Frame>
      <img src={onApiOrigin(url)} alt={alt} loading="lazy" decoding="async" />
    </Frame>
  );
}

/** The catalogue card's photo: the item's first, or nothing when it has none. */
export function ItemThumbnail({ item }: { item: StoreItemView }) {
  const first = item.photos[0];
  return first ? <Photo url={first.url} alt={item.name} /> : null;
}

/** All of the item's photos, in order, on its detail. */
export function ItemGallery({ item }: { item: StoreItemView }) {
  if (item.photos.length === 0) return null;
  return (
    <Gallery aria-label={`Fotos de ${item.name}`}>
      {item.photos.map((photo, i) => (
        <li key={photo.id}>
          <Photo
            url={photo.url}
            alt={
              item.photos.length > 1
                ? `${item.name} (${i + 1} de ${item.photos.length})`
                : item.name
            }
          />
        </li>
      ))}
    </Gallery>
  );
}
