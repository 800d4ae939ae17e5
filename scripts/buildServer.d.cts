export function buildServer(projectRoot: string): void;
/** The compiled entry point, relative to the project root. */
export const serverEntry: string;
