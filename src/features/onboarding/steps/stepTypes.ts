import type { ComponentType } from 'react';
import type { LookingForOption, OnboardingDraft, WizardErrors } from '../../../domain/fieldRules';
import type { RegistrationFieldName } from '../../../domain/registrationFields';

/** The draft fields a person types into: the declared ones (lookingFor is toggled instead). */
export type WizardTextField = RegistrationFieldName;

/** A draft field bound to its input, in the spirit of react-hook-form's `register(name)`. */
export interface FieldBinding {
  name: WizardTextField;
  value: string;
  maxLength: number;
  onChange: (event: { target: { value: string } }) => void;
  /** The live message once the person has touched the field (empty until then). */
  message: string;
  tone: 'error' | 'neutral';
  invalid: boolean;
}

/** The photo step's view of the chosen photo and what it can do with it. */
export interface PhotoControls {
  current: { name: string; previewUrl: string | null } | null;
  /** Why the last chosen file was not kept ("Please choose an image file"). */
  error: string | null;
  /** A photo is being prepared (downsized) before it is kept. */
  busy: boolean;
  /** The photo chosen on this visit to the step has just been made ready (said once, then kept). */
  ready: boolean;
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
  /** Everything a text field needs to edit one draft field: `<TextField label="Age" {...field('age')} />`. */
  field: (name: WizardTextField) => FieldBinding;
  onLookingForToggle: (option: LookingForOption) => void;
  photo: PhotoControls;
}

export type StepComponent = ComponentType<StepProps>;
