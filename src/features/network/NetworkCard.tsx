import styled from '@emotion/styled';
import { useState, type ReactNode } from 'react';
import { networkEntryKind, type NetworkEntry } from '../../domain/registration';
import { avatarsFor, initialsOf, userAvatarFallback } from './avatars';

/** Avatars are 96 px, scaled to 85 % under 768 px. */
export const AVATAR_SIZE_PX = 96;
export const MOBILE_AVATAR_SCALE = 0.85;

const Card = styled.div`
  --avatar: ${AVATAR_SIZE_PX}px;
  --centre: 120px;
  width: min(100%, 36rem);
  margin: 0 auto;
  /* The padding leaves room for names under the lowest entries, which sit at 86 % of the field. */
  padding: 0.5rem 0.5rem 2.5rem;
  border-radius: ${({ theme }) => theme.radius.large};
  background: radial-gradient(circle at 50% 45%, #fff 0, #fff 40%, #f3efe6 100%);
  border: 1px solid ${({ theme }) => theme.colors.line};
  ${({ theme }) => theme.media.mobile} {
    --avatar: calc(${AVATAR_SIZE_PX}px * ${MOBILE_AVATAR_SCALE});
    --centre: 96px;
  }
`;

/** Entries are placed at x/y percent of this box: square on wide screens, taller on phones. */
const Field = styled.div`
  position: relative;
  aspect-ratio: 1;
  ${({ theme }) => theme.media.mobile} {
    aspect-ratio: 4 / 5;
  }
`;

const Centre = styled.img`
  position: absolute;
  left: 50%;
  top: 50%;
  width: var(--centre);
  height: var(--centre);
  transform: translate(-50%, -50%);
  border-radius: 50%;
  object-fit: cover;
  border: 4px solid ${({ theme }) => theme.colors.gold};
  background: ${({ theme }) => theme.colors.line};
`;

const Entries = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Entry = styled.li`
  position: absolute;
  display: grid;
  justify-items: center;
  gap: 0.2rem;
  width: 11rem;
  transform: translate(-50%, calc(var(--avatar) / -2));
  text-align: center;
  line-height: 1.25;
  strong,
  span {
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  span {
    font-size: 0.875rem;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
  ${({ theme }) => theme.media.mobile} {
    width: 7.5rem;
    font-size: 0.875rem;
  }
`;

/** Overlapping faces: one, or a small row of 2-4 that overlap by about half. */
const Faces = styled.span<{ count: number }>`
  display: flex;
  justify-content: center;
  height: var(--avatar);
  img,
  i {
    flex: none;
    width: var(--avatar);
    height: var(--avatar);
    border-radius: 50%;
    border: 3px solid ${({ theme }) => theme.colors.paperRaised};
    background: ${({ theme }) => theme.colors.line};
    object-fit: cover;
  }
  img + img,
  i + img,
  img + i,
  i + i {
    margin-left: calc(var(--avatar) * ${({ count }) => (count > 2 ? -0.72 : -0.45)});
  }
`;

function Face({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <i aria-hidden="true" />;
  return (
    <img src={src} alt="" width={AVATAR_SIZE_PX} height={AVATAR_SIZE_PX} onError={() => setFailed(true)} />
  );
}

function EntryFaces({ entry }: { entry: NetworkEntry }) {
  const urls = avatarsFor(entry.group, entry.avatarSeed, networkEntryKind(entry));
  return (
    <Faces count={urls.length} aria-hidden="true" data-avatar-count={urls.length}>
      {urls.map((url) => (
        <Face key={url} src={url} />
      ))}
    </Faces>
  );
}

/**
 * The user at the centre and each entry around it at its x/y. The entries are a real list, so the
 * card reads as "Who I know, list, 2 items" with each name and place; the faces are decoration.
 */
export function NetworkCard({
  entries,
  userPhotoUrl,
  userName,
  listLabel,
  children,
}: {
  entries: readonly NetworkEntry[];
  userPhotoUrl?: string;
  userName: string;
  listLabel: string;
  children?: ReactNode;
}) {
  const fallback = userAvatarFallback(userName, initialsOf(userName));
  const [photoFailed, setPhotoFailed] = useState(false);
  const photo = userPhotoUrl && !photoFailed ? userPhotoUrl : fallback;
  return (
    <Card>
      <Field>
        <Centre
          src={photo}
          alt={userName.trim() ? `${userName.trim()} (you)` : 'You'}
          onError={() => setPhotoFailed(true)}
        />
        <Entries aria-label={listLabel}>
          {entries.map((entry) => (
            <Entry key={entry.id} style={{ left: `${entry.x}%`, top: `${entry.y}%` }}>
              <EntryFaces entry={entry} />
              <strong>{entry.group}</strong>
              <span>{entry.location}</span>
            </Entry>
          ))}
        </Entries>
        {children}
      </Field>
    </Card>
  );
}
