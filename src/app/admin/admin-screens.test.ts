import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_SCREENS, adminScreen } from './admin-screens.ts';
import routes from '../routes.ts';
import type { ContentConfig } from '../../admin/content/content-config.ts';

// Every content screen's configuration, found by file name as the app-queries test finds them.
const contentConfigs = Object.values(
  import.meta.glob<Record<string, unknown>>(['../../features/**/admin/*-content.ts', '../../features/**/admin/*-content.tsx'], { eager: true }),
)
  .flatMap((m) => Object.values(m))
  .filter((v): v is ContentConfig => !!v && typeof v === 'object' && 'collection' in v && 'fields' in v);

const appDir = resolve(import.meta.dirname, '..');

describe('the back-office screens, declared once', () => {
  it('each has its own id and path, and a route module that exists', () => {
    expect(new Set(ADMIN_SCREENS.map((s) => s.id)).size).toBe(ADMIN_SCREENS.length);
    expect(new Set(ADMIN_SCREENS.map((s) => s.path)).size).toBe(ADMIN_SCREENS.length);
    for (const s of ADMIN_SCREENS) expect(existsSync(resolve(appDir, s.file)), s.file).toBe(true);
  });

  it('are exactly the /admin routes of the route table, with their ids', () => {
    const admin = routes.find((r) => r.path === 'admin');
    expect(admin?.id).toBe('admin');
    expect(admin?.children?.map((r) => [r.id, r.path ?? '', r.file])).toEqual(ADMIN_SCREENS.map((s) => [s.id, s.path, s.file]));
  });

  it('every screen needs a capability (the overview: staff’s, which a reviewer lacks)', () => {
    expect(ADMIN_SCREENS.filter((s) => !s.needs).map((s) => s.id)).toEqual([]);
    expect(adminScreen('admin/overview')?.needs).toBe('overview');
  });

  it('finds the screen a route renders, and nothing for another route', () => {
    expect(adminScreen('admin/jobs/add')).toMatchObject({ title: 'Job', needs: 'content' });
    expect(adminScreen('admin/jobs/add')?.menu).toBeUndefined();
    expect(adminScreen('admin/registrations/:collection/:id')?.menu).toBeUndefined();
    expect(adminScreen('admin/procurement')).toMatchObject({ needs: 'procurement:read', menu: 'Procurement' });
    expect(adminScreen('blogs')).toBeUndefined();
    expect(adminScreen(undefined)).toBeUndefined();
  });

  it('each content collection’s list and editors are declared, under the path and title its configuration links and heads with', () => {
    expect(contentConfigs.length).toBeGreaterThanOrEqual(9);
    for (const config of contentConfigs) {
      const path = config.path.replace(/^\/admin\//, '');
      expect(adminScreen(`admin/${path}`), config.collection).toMatchObject({ path, title: config.title, menu: config.title });
      expect(adminScreen(`admin/${path}/add`)?.path).toBe(`${path}/add`);
      expect(adminScreen(`admin/${path}/edit`)?.path).toBe(`${path}/:id`);
    }
  });
});
