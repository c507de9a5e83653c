import { useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import {
  STORE_PHOTO_MAX_BYTES,
  STORE_PHOTO_TYPES,
  STORE_PHOTOS_PER_ITEM,
  type StoreItem,
} from '@cuota/contracts/billing/store';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { FieldLabel, FormError } from '@cuota/ui/form-pieces';
import { readError } from '@cuota/web-core/api/api-error';
import {
  useAddStoreItemPhotoMutation,
  useRemoveStoreItemPhotoMutation,
  useStoreStockQuery,
  useUpdateStoreItemMutation,
} from '../api/store-api';

const Photos = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 200px), 1fr));
  gap: ${({ theme }) => theme.space(3)};
  img {
    display: block;
    width: 100%;
    aspect-ratio: 4 / 3;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.medium};
  }
  div {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(1)};
    margin-top: ${({ theme }) => theme.space(1)};
  }
`;

/** A move of photo `from` one place before or after, as the full order the PATCH takes. */
const moved = (ids: string[], from: number, by: -1 | 1) => {
  const order = [...ids];
  [order[from], order[from + by]] = [order[from + by]!, order[from]!];
  return order;
};

/** The item's photos (ADR 0105): add up to 4, remove one, move one before or after. */
export function ItemPhotosCard({ schoolId, itemId }: { schoolId: string; itemId: string }) {
  const item = useStoreStockQuery(schoolId).data?.find((i) => i.id === itemId);
  const photos: StoreItem['photos'] = item?.photos ?? [];
  const [problem, setProblem] = useState<string | null>(null);
  const [add, adding] = useAddStoreItemPhotoMutation();
  const [remove, removing] = useRemoveStoreItemPhotoMutation();
  const [update, updating] = useUpdateStoreItemMutation();
  const busy = adding.isLoading || removing.isLoading || updating.isLoading;
  const name = item?.name ?? 'el artículo';

  const run = async (answer: Promise<{ error?: unknown }>) => {
    setProblem(null);
    const { error } = await answer;
    if (error) setProblem(readError(error).message);
  };
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const photo = event.target.files?.[0];
    event.target.value = '';
    if (!photo) return;
    if (photo.size > STORE_PHOTO_MAX_BYTES) return setProblem('La imagen pesa más de 2 MB.');
    void run(add({ schoolId, id: itemId, photo }));
  };
  const reorder = (from: number, by: -1 | 1) =>
    void run(
      update({
        schoolId,
        id: itemId,
        changes: {
          photo_order: moved(
            photos.map((p) => p.id),
            from,
            by,
          ),
        },
      }),
    );

  return (
    <Card title="Fotos">
      <p>La primera se muestra en el catálogo. JPG, PNG o WebP, hasta 2 MB; máximo 4.</p>
      {photos.length > 0 && (
        <Photos aria-label={`Fotos de ${name}`}>
          {photos.map((photo, i) => (
            <li key={photo.id}>
              <img src={photo.url} alt={`${name} (${i + 1} de ${photos.length})`} />
              <div>
                <Button
                  variant="secondary"
                  disabled={busy || i === 0}
                  aria-label={`Mover antes la foto ${i + 1}`}
                  onClick={() => reorder(i, -1)}
                >
                  ←
                </Button>
                <Button
                  variant="secondary"
                  disabled={busy || i === photos.length - 1}
                  aria-label={`Mover después la foto ${i + 1}`}
                  onClick={() => reorder(i, 1)}
                >
                  →
                </Button>
                <Button
                  variant="secondary"
                  disabled={busy}
                  aria-label={`Quitar la foto ${i + 1}`}
                  onClick={() => void run(remove({ schoolId, id: itemId, photoId: photo.id }))}
                >
                  Quitar
                </Button>
              </div>
            </li>
          ))}
        </Photos>
      )}
      {photos.length < STORE_PHOTOS_PER_ITEM && (
        <FieldLabel>
          Agregar foto
          <input
            type="file"
            accept={STORE_PHOTO_TYPES.join(',')}
            disabled={busy}
            onChange={choose}
          />
        </FieldLabel>
      )}
      {problem && <FormError>{problem}</FormError>}
    </Card>
  );
}
