import styled from '@emotion/styled';
import { useId, type ChangeEvent, type DragEvent } from 'react';
import { TextButton } from '../../../components/Button';
import { brand } from '../../../config/brand';
import { limits } from '../../../domain/limits';
import { PHOTO_INPUT_ACCEPT } from '../../../domain/photoFormats';
import { StepHeader } from './StepLayout';
import type { StepProps } from './stepTypes';

/** The real file input stays in the page (keyboard and screen readers use it); the label is the big target. */
const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
  overflow: hidden;
  &:focus-visible + label {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const DropZone = styled.label`
  display: grid;
  place-items: center;
  gap: 0.25rem;
  min-height: 11rem;
  padding: 1.5rem;
  border: 2px dashed ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radius.large};
  background: ${({ theme }) => theme.colors.paperRaised};
  text-align: center;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    border-color: ${({ theme }) => theme.colors.accent};
  }
  ${({ theme }) => theme.media.mobile} {
    min-height: 9rem;
  }
`;

const Plus = styled.span`
  font-size: 2.5rem;
  line-height: 1;
  color: ${({ theme }) => theme.colors.accent};
`;

const Preview = styled.figure`
  display: flex;
  align-items: center;
  gap: 1rem;
  margin: 1rem 0 0;
  img {
    width: 96px;
    height: 96px;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.colors.line};
  }
  figcaption {
    display: grid;
    justify-items: start;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const Message = styled.p<{ isError: boolean }>`
  margin: 0.5rem 0 0;
  min-height: 1.4em;
  font-size: 0.95rem;
  color: ${({ theme, isError }) => (isError ? theme.colors.error : theme.colors.inkSoft)};
`;

/** Step 3: one photo (images only), previewed, removable; choosing another replaces it. */
export function PhotoStep({ headingId, errors, photo }: StepProps) {
  const id = useId();
  const error = photo.error ?? errors.photos;
  const status =
    error ?? (photo.busy ? 'Getting your photo ready…' : photo.ready ? 'Your photo is ready.' : '');

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still counts as a choice.
    event.target.value = '';
    if (file) photo.choose(file);
  };
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    const file = event.dataTransfer.files[0];
    if (file) photo.choose(file);
  };

  return (
    <>
      <StepHeader headingId={headingId} title="Show us your smile">
        Upload 1 to {limits.photos.max} photos of yourself. A clear, recent photo helps the people{' '}
        {brand.assistantName} introduces you to recognise you. For now we keep one: choosing another replaces
        it.
      </StepHeader>
      <div css={{ position: 'relative' }}>
        <HiddenInput
          id={id}
          type="file"
          accept={PHOTO_INPUT_ACCEPT}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint ${id}-message`}
          onChange={onChange}
        />
        <DropZone htmlFor={id} onDragOver={(event) => event.preventDefault()} onDrop={onDrop}>
          <Plus aria-hidden="true">+</Plus>
          {photo.current ? 'Choose a different photo' : 'Choose a photo'}
        </DropZone>
      </div>
      <p id={`${id}-hint`} css={{ margin: '0.5rem 0 0', fontSize: '0.95rem' }}>
        Tap to pick one from your phone or computer, or drop it here: {limits.photos.acceptedFormatNames}.
      </p>
      <Message
        id={`${id}-message`}
        isError={error !== undefined}
        // One role whatever it says: a region that turns into an alert as its text arrives is missed
        // by some screen readers.
        role="status"
      >
        {status}
      </Message>
      {photo.current && (
        <Preview>
          {photo.current.previewUrl && <img src={photo.current.previewUrl} alt="Your chosen photo" />}
          <figcaption>
            <span>{photo.current.name}</span>
            <TextButton type="button" onClick={photo.remove}>
              Remove photo
            </TextButton>
          </figcaption>
        </Preview>
      )}
    </>
  );
}
