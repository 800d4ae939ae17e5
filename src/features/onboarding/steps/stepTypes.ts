import type { ComponentType } from 'react';
import type { LookingForOption, OnboardingDraft, WizardErrors } from '../../../domain/fieldRules';

/** The draft fields a person types into (lookingFor is toggled instead). */
/** The draft fields a person types into (lookingFor is toggled instead). */
export type WizardTextField = Exclude<keyof OnboardingDraft, 'lookingFor'>;

/** The photo step's view of the chosen photo and what it can do with it. */
export interface PhotoControls {
  current: { name: string; previewUrl: string | null } | null;
  /** Why the last chosen file was not kept ("Please choose an image file"). */
  error: string | null;
  /** A photo is being prepared (downsized) before it is kept. */
  busy: boolean;
  choose: (file: File) => void;
  remove: () => void;
}

/** Every step gets the same props and uses what it needs; the steps themselves hold no state. */
export interface StepProps {
  /** The id of the step's h2, which the wizard focuses when the step slides in. */
  headingId: string;
  draft: OnboardingDraft;
  /** Live messages for the fields the person has touched. */
  errors: WizardErrors;
  onFieldChange: (field: WizardTextField, value: string) => void;
  onLookingForToggle: (option: LookingForOption) => void;
  photo: PhotoControls;
}

export type StepComponent = ComponentType<StepProps>;
