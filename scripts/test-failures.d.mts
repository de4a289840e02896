export function listFailures(vitestRuns: unknown[], e2e: unknown, cwd: string): string[];
