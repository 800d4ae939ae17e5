/**
 * Becca's domain rules, shared by the browser and the server: pure TypeScript, no framework.
 */
export * from './limits';
export * from './phoneNumber';
export * from './registrationMessages';
export * from './fieldRules';
export * from './inviteCode';
export * from './registration';
export * from './registrationPayloadRules';
export * from './legacyRegistrationForm';
export * from './nomination';
export * from './waitlist';
export * from './invitation';
export * from './textRules';
export * from './optOut';
export * from './memberProfile';
