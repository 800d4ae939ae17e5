export function buildServer(projectRoot: string): void;
/** The compiled entry point, relative to the project root. */
export const serverEntry: string;
/** The packages the compiled server requires from node_modules at run time (not bundled). */
export const RUN_FROM_NODE_MODULES: readonly string[];
