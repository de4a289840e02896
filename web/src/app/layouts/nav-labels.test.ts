import { describe, expect, it } from 'vitest';
import { NAVIGATION } from '../routes';
import dashboard from './messages/dashboard.en.json';
import footer from './messages/footer.en.json';
import shell from './messages/shell.en.json';
import type { MenuNamespace } from './nav-labels';

const english: Record<MenuNamespace, Record<string, string>> = { shell, footer, dashboard };
const menus: Record<keyof typeof NAVIGATION, MenuNamespace> = { main: 'shell', footer: 'footer', staff: 'dashboard', customer: 'dashboard' };

describe('menu labels', () => {
  it('has a message for every label of NAVIGATION in its menu\'s namespace, whose English is the label itself', () => {
    for (const [menu, space] of Object.entries(menus)) {
      for (const { label } of NAVIGATION[menu as keyof typeof NAVIGATION]) {
        expect(english[space][`${space}.menu.${label}`], `${menu}: "${label}"`).toBe(label);
      }
    }
  });
});
