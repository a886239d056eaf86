/**
 * Headless Chromium for the tests of evalgate's pages: Debian's `chromium` driven by
 * playwright-core, with a fresh profile and every background connection Chromium makes on
 * its own switched off (on a closed network they are refused many at a time and slow the
 * browser down). One launch is meant to serve a whole test file.
 *
 * Each page records what would make a reader distrust it: console errors, uncaught
 * exceptions, dialogs, and every request that is not the file itself — the requests are
 * also aborted, so a page that tried to fetch anything cannot get it.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** The browser binary: EVALGATE_CHROMIUM, else Debian's chromium. */
export const CHROMIUM = process.env['EVALGATE_CHROMIUM'] || '/usr/bin/chromium';

/** A page and what it did that it should not have. */
export interface WatchedPage {
  page: Page;
  consoleErrors: string[];
  pageErrors: string[];
  dialogs: string[];
  /** Requests for anything but a file: URL, all aborted. */
  network: string[];
}

/** A launched browser. */
export interface TestBrowser {
  open(url: string): Promise<WatchedPage>;
  close(): Promise<void>;
}

/** Launches Chromium once; throws a message naming the fix when it is not installed. */
export async function launchBrowser(): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: the page tests need Chromium. Install it with "apt-get install -y chromium" (Debian; .ci/run does this), or point EVALGATE_CHROMIUM at a Chromium or Chrome binary.`,
    );
  const profile = await mkdtemp(join(tmpdir(), 'evalgate-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1280, height: 900 },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
  return {
    open: async (url) => {
      const page = await context.newPage();
      const watched: WatchedPage = { page, consoleErrors: [], pageErrors: [], dialogs: [], network: [] };
      page.on('console', (m) => {
        if (m.type() === 'error') watched.consoleErrors.push(m.text());
      });
      page.on('pageerror', (e) => watched.pageErrors.push(e.message));
      page.on('dialog', (d) => {
        watched.dialogs.push(d.message());
        void d.dismiss();
      });
      await page.route('**/*', (route) => {
        const target = route.request().url();
        if (target.startsWith('file:')) return route.continue();
        watched.network.push(target);
        return route.abort();
      });
      page.on('request', (r) => {
        if (!r.url().startsWith('file:') && !watched.network.includes(r.url())) watched.network.push(r.url());
      });
      await page.goto(url);
      return watched;
    },
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
