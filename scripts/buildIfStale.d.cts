export function isWebBuildStale(projectRoot: string, webRoot: string): boolean;
export function isServerBuildStale(projectRoot: string): boolean;
