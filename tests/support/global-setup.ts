import type { TestProject } from 'vitest/node';
import { rmSync } from 'node:fs';
import { startStackProcess, testStackLocation } from './stack-process';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    anonKey: string;
    serviceRoleKey: string;
    dbUrl: string;
    jwtSecret: string;
    localDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const location = await testStackLocation();
  const reuse = process.env.TEST_STACK_REUSE === '1';
  const stack = await startStackProcess({ ...location, reuse });
  const values = {
    apiUrl: stack.status.API_URL,
    anonKey: stack.status.ANON_KEY,
    serviceRoleKey: stack.status.SERVICE_ROLE_KEY,
    dbUrl: stack.status.DB_URL,
    jwtSecret: stack.status.JWT_SECRET,
    localDir: location.localDir,
  };
  for (const [key, value] of Object.entries(values)) project.provide(key as keyof typeof values, value);
  Object.assign(process.env, {
    TEST_API_URL: values.apiUrl,
    TEST_ANON_KEY: values.anonKey,
    TEST_SERVICE_ROLE_KEY: values.serviceRoleKey,
    TEST_DB_URL: values.dbUrl,
    TEST_JWT_SECRET: values.jwtSecret,
    TEST_LOCAL_DIR: values.localDir,
  });
  return async () => {
    await stack.stop();
    if (!reuse && !process.env.TEST_STACK_DIR) rmSync(location.localDir, { recursive: true, force: true });
  };
}
