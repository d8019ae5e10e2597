// What Stryker runs for each mutant (stryker.config.mjs): the unit and component layers, which
// need nothing running. The conformance, integration and e2e layers start servers and browsers;
// they are not part of the mutation score.
import { defineConfig } from 'vitest/config';
import { standaloneProjects } from './vitest.config.ts';

export default defineConfig({ test: { projects: standaloneProjects } });
